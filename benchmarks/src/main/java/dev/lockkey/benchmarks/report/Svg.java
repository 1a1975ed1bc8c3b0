package dev.lockkey.benchmarks.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Draws the report's pictures as plain SVG (no library): lines of one value per contender over a
 * few categories (threads, processes), or bars grouped by category. Values that are not finite are
 * left out; a logarithmic axis suits values that differ by orders of magnitude.
 */
public final class Svg {
  private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
      "#e377c2", "#7f7f7f"};
  private static final int WIDTH = 720;
  private static final int HEIGHT = 360;
  private static final int LEFT = 80;
  private static final int RIGHT = 190;
  private static final int TOP = 40;
  private static final int BOTTOM = 50;

  private Svg() {}

  /**
   * One line per series over {@code categories}.
   *
   * @param series each series' values, one per category (NaN where not measured)
   * @param logarithmic whether the value axis is logarithmic
   */
  public static String lines(String title, String axis, List<String> categories, Map<String, List<Double>> series,
      boolean logarithmic) {
    Scale scale = Scale.of(series, logarithmic);
    StringBuilder svg = frame(title, axis, categories, scale);
    int colour = 0;
    for (Map.Entry<String, List<Double>> entry : series.entrySet()) {
      String stroke = COLOURS[colour % COLOURS.length];
      List<String> points = new ArrayList<>();
      for (int i = 0; i < categories.size() && i < entry.getValue().size(); i++) {
        double value = entry.getValue().get(i);
        if (Double.isFinite(value) && (!logarithmic || value > 0)) {
          points.add(format("%.1f,%.1f", x(i, categories.size()), scale.y(value)));
        }
      }
      svg.append(format("<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\"/>\n", stroke,
          String.join(" ", points)));
      for (String point : points) {
        String[] xy = point.split(",");
        svg.append(format("<circle cx=\"%s\" cy=\"%s\" r=\"3.5\" fill=\"%s\"/>\n", xy[0], xy[1], stroke));
      }
      legend(svg, colour++, stroke, entry.getKey());
    }
    return svg.append("</svg>\n").toString();
  }

  /**
   * Bars grouped by category, one bar per series in each group.
   *
   * @param series each series' values, one per category (NaN where not measured)
   * @param logarithmic whether the value axis is logarithmic
   */
  public static String bars(String title, String axis, List<String> categories, Map<String, List<Double>> series,
      boolean logarithmic) {
    Scale scale = Scale.of(series, logarithmic);
    StringBuilder svg = frame(title, axis, categories, scale);
    double groupWidth = (WIDTH - LEFT - RIGHT) / (double) categories.size();
    double barWidth = groupWidth * 0.8 / Math.max(1, series.size());
    int colour = 0;
    for (Map.Entry<String, List<Double>> entry : series.entrySet()) {
      String fill = COLOURS[colour % COLOURS.length];
      for (int i = 0; i < categories.size() && i < entry.getValue().size(); i++) {
        double value = entry.getValue().get(i);
        if (Double.isFinite(value) && (!logarithmic || value > 0)) {
          double left = LEFT + i * groupWidth + groupWidth * 0.1 + colour * barWidth;
          double top = scale.y(value);
          svg.append(format("<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\"><title>%s: %s</title></rect>\n",
              left, top, barWidth, Math.max(0, HEIGHT - BOTTOM - top), fill, escape(entry.getKey()), number(value)));
        }
      }
      legend(svg, colour++, fill, entry.getKey());
    }
    return svg.append("</svg>\n").toString();
  }

  private static StringBuilder frame(String title, String axis, List<String> categories, Scale scale) {
    StringBuilder svg = new StringBuilder();
    svg.append(format("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\""
        + " font-family=\"sans-serif\" font-size=\"12\">\n", WIDTH, HEIGHT, WIDTH, HEIGHT));
    svg.append(format("<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", WIDTH, HEIGHT));
    svg.append(format("<text x=\"%d\" y=\"22\" font-size=\"15\" font-weight=\"bold\">%s</text>\n", LEFT, escape(title)));
    svg.append(format("<text x=\"16\" y=\"%d\" transform=\"rotate(-90 16 %d)\" text-anchor=\"middle\">%s</text>\n",
        (TOP + HEIGHT - BOTTOM) / 2, (TOP + HEIGHT - BOTTOM) / 2, escape(axis)));
    for (double tick : scale.ticks()) {
      double y = scale.y(tick);
      svg.append(format("<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", LEFT, WIDTH - RIGHT, y, y));
      svg.append(format("<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", LEFT - 6, y + 4, number(tick)));
    }
    svg.append(format("<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"black\"/>\n", LEFT, WIDTH - RIGHT,
        HEIGHT - BOTTOM, HEIGHT - BOTTOM));
    for (int i = 0; i < categories.size(); i++) {
      svg.append(format("<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", x(i, categories.size()),
          HEIGHT - BOTTOM + 18, escape(categories.get(i))));
    }
    return svg;
  }

  private static void legend(StringBuilder svg, int index, String colour, String label) {
    int y = TOP + 10 + index * 20;
    svg.append(format("<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>\n", WIDTH - RIGHT + 14, y - 10, colour));
    svg.append(format("<text x=\"%d\" y=\"%d\">%s</text>\n", WIDTH - RIGHT + 32, y, escape(label)));
  }

  private static double x(int index, int count) {
    double groupWidth = (WIDTH - LEFT - RIGHT) / (double) count;
    return LEFT + groupWidth * (index + 0.5);
  }

  /** The value axis: linear from zero, or logarithmic over the decades the values span. */
  private record Scale(double low, double high, boolean logarithmic) {
    static Scale of(Map<String, List<Double>> series, boolean logarithmic) {
      double low = Double.POSITIVE_INFINITY;
      double high = 0;
      for (List<Double> values : series.values()) {
        for (double value : values) {
          if (Double.isFinite(value) && (!logarithmic || value > 0)) {
            low = Math.min(low, value);
            high = Math.max(high, value);
          }
        }
      }
      if (high <= 0) {
        return new Scale(logarithmic ? 1 : 0, 1, logarithmic);
      }
      if (logarithmic) {
        return new Scale(Math.pow(10, Math.floor(Math.log10(low))), Math.pow(10, Math.ceil(Math.log10(high))), true);
      }
      double step = niceStep(high / 5);
      return new Scale(0, Math.ceil(high / step) * step, false);
    }

    double y(double value) {
      double span = HEIGHT - TOP - BOTTOM;
      double share = logarithmic
          ? (Math.log10(value) - Math.log10(low)) / Math.max(1e-9, Math.log10(high) - Math.log10(low))
          : (value - low) / (high - low);
      return HEIGHT - BOTTOM - share * span;
    }

    List<Double> ticks() {
      List<Double> ticks = new ArrayList<>();
      if (logarithmic) {
        for (double tick = low; tick <= high * 1.0001; tick *= 10) {
          ticks.add(tick);
        }
      } else {
        double step = niceStep(high / 5);
        for (double tick = 0; tick <= high * 1.0001; tick += step) {
          ticks.add(tick);
        }
      }
      return ticks;
    }

    private static double niceStep(double rough) {
      double magnitude = Math.pow(10, Math.floor(Math.log10(rough)));
      double fraction = rough / magnitude;
      return (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * magnitude;
    }
  }

  private static String number(double value) {
    double magnitude = Math.abs(value);
    if (magnitude >= 1e6) {
      return format("%.3gM", value / 1e6);
    }
    if (magnitude >= 1e4) {
      return format("%.3gk", value / 1e3);
    }
    return magnitude >= 10 || value == Math.rint(value) ? format("%.0f", value) : format("%.2g", value);
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  private static String format(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }
}
