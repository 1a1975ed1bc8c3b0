package dev.lockkey.reliability;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * Everything this JVM prints while it is open: standard output and error (still passed on), and
 * every java.util.logging record at every level, which is also where {@link System.Logger} writes
 * by default. Jedis logs through SLF4J, which the tests bind to nothing.
 */
final class CapturedOutput implements AutoCloseable {
  private final PrintStream originalOut = System.out;
  private final PrintStream originalErr = System.err;
  private final Logger root = Logger.getLogger("");
  private final Level originalLevel = root.getLevel();
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final StringBuffer logged = new StringBuffer();
  private final Handler handler = new Handler() {
    private final SimpleFormatter formatter = new SimpleFormatter();

    @Override
    public void publish(LogRecord record) {
      logged.append(formatter.format(record));
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };

  private CapturedOutput() {
    System.setOut(new PrintStream(new Tee(originalOut, printed), true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(new Tee(originalErr, printed), true, StandardCharsets.UTF_8));
    handler.setLevel(Level.ALL);
    root.addHandler(handler);
    root.setLevel(Level.ALL);
  }

  /** Starts capturing. */
  static CapturedOutput start() {
    return new CapturedOutput();
  }

  /** What was printed and logged so far. */
  String text() {
    synchronized (printed) {
      return printed.toString(StandardCharsets.UTF_8) + logged;
    }
  }

  /** Stops capturing and restores the streams and the log level. */
  @Override
  public void close() {
    System.setOut(originalOut);
    System.setErr(originalErr);
    root.removeHandler(handler);
    root.setLevel(originalLevel);
  }

  /** Writes to the original stream and to the capture. */
  private static final class Tee extends OutputStream {
    private final OutputStream original;
    private final ByteArrayOutputStream capture;

    Tee(OutputStream original, ByteArrayOutputStream capture) {
      this.original = original;
      this.capture = capture;
    }

    @Override
    public void write(int b) {
      synchronized (capture) {
        capture.write(b);
      }
      writeThrough(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] bytes, int offset, int length) {
      synchronized (capture) {
        capture.write(bytes, offset, length);
      }
      writeThrough(bytes, offset, length);
    }

    private void writeThrough(byte[] bytes, int offset, int length) {
      try {
        original.write(bytes, offset, length);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
