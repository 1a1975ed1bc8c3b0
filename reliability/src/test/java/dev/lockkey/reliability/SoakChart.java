package dev.lockkey.reliability;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * A line chart of one soak measurement over time, drawn with Java 2D (headless) into a PNG: the
 * x axis in minutes, the y axis from zero to a little above the highest value, the fault times as
 * grey ticks at the bottom. No chart library: the soak's pictures need no more than this.
 */
final class SoakChart {
  private static final int WIDTH = 900;
  private static final int HEIGHT = 320;
  private static final int LEFT = 80;
  private static final int RIGHT = 20;
  private static final int TOP = 36;
  private static final int BOTTOM = 44;

  private SoakChart() {}

  /**
   * Draws {@code values} against {@code seconds} (same length) with {@code title} and
   * {@code unit}, and marks {@code faultSeconds}, into {@code file}.
   */
  static void draw(Path file, String title, String unit, List<Double> seconds, List<Double> values,
      List<Double> faultSeconds) throws IOException {
    System.setProperty("java.awt.headless", "true");
    BufferedImage image = new BufferedImage(WIDTH, HEIGHT, BufferedImage.TYPE_INT_RGB);
    Graphics2D g = image.createGraphics();
    try {
      g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
      g.setColor(Color.WHITE);
      g.fillRect(0, 0, WIDTH, HEIGHT);
      double maxX = Math.max(1, seconds.isEmpty() ? 1 : seconds.get(seconds.size() - 1));
      double maxY = niceCeiling(values.stream().mapToDouble(Double::doubleValue).max().orElse(1));
      int plotWidth = WIDTH - LEFT - RIGHT;
      int plotHeight = HEIGHT - TOP - BOTTOM;
      g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
      for (int i = 0; i <= 4; i++) { // horizontal grid and y labels
        int y = TOP + plotHeight - plotHeight * i / 4;
        g.setColor(new Color(230, 230, 230));
        g.drawLine(LEFT, y, LEFT + plotWidth, y);
        g.setColor(Color.DARK_GRAY);
        String label = format(maxY * i / 4);
        g.drawString(label, LEFT - 8 - g.getFontMetrics().stringWidth(label), y + 4);
      }
      double minutes = maxX / 60;
      double step = minutes <= 10 ? 1 : minutes <= 30 ? 5 : 10;
      for (double m = 0; m <= minutes; m += step) { // x labels in minutes
        int x = LEFT + (int) (plotWidth * (m * 60) / maxX);
        g.setColor(Color.DARK_GRAY);
        g.drawLine(x, TOP + plotHeight, x, TOP + plotHeight + 4);
        String label = format(m);
        g.drawString(label, x - g.getFontMetrics().stringWidth(label) / 2, TOP + plotHeight + 18);
      }
      g.drawString("minutes", LEFT + plotWidth / 2 - 20, HEIGHT - 8);
      g.setColor(new Color(170, 170, 170)); // faults
      for (double fault : faultSeconds) {
        int x = LEFT + (int) (plotWidth * fault / maxX);
        g.drawLine(x, TOP + plotHeight - 8, x, TOP + plotHeight);
      }
      g.setColor(Color.BLACK);
      g.drawRect(LEFT, TOP, plotWidth, plotHeight);
      g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
      g.drawString(title + " (" + unit + ")", LEFT, TOP - 12);
      g.setColor(new Color(31, 119, 180));
      g.setStroke(new BasicStroke(2f));
      for (int i = 1; i < values.size(); i++) {
        g.drawLine(x(seconds.get(i - 1), maxX, plotWidth), y(values.get(i - 1), maxY, plotHeight),
            x(seconds.get(i), maxX, plotWidth), y(values.get(i), maxY, plotHeight));
      }
    } finally {
      g.dispose();
    }
    Files.createDirectories(file.toAbsolutePath().getParent());
    ImageIO.write(image, "png", file.toFile());
  }

  private static int x(double second, double maxX, int plotWidth) {
    return LEFT + (int) Math.round(plotWidth * second / maxX);
  }

  private static int y(double value, double maxY, int plotHeight) {
    return TOP + plotHeight - (int) Math.round(plotHeight * value / maxY);
  }

  /** 1, 2 or 5 times a power of ten, at least {@code value} and above zero. */
  private static double niceCeiling(double value) {
    if (value <= 0) {
      return 1;
    }
    double power = Math.pow(10, Math.floor(Math.log10(value)));
    for (double factor : new double[] {1, 2, 5, 10}) {
      if (factor * power >= value * 1.1) {
        return factor * power;
      }
    }
    return 10 * power;
  }

  private static String format(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : String.format(Locale.ROOT, "%.1f", value);
  }
}
