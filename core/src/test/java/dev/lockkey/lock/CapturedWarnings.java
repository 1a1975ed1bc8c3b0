package dev.lockkey.lock;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The {@code WARNING} records of one logger and its children while open, for tests of what a
 * backend logs: {@link System.Logger} writes through {@code java.util.logging} in these tests (no
 * other {@code LoggerFinder} on the class path). Thread-safe.
 */
public final class CapturedWarnings implements AutoCloseable {
  private final List<LogRecord> records = new CopyOnWriteArrayList<>();
  private final Logger logger; // held: java.util.logging keeps loggers only weakly
  private final Handler handler = new Handler() {
    @Override
    public void publish(LogRecord record) {
      if (record.getLevel() == Level.WARNING) {
        records.add(record);
      }
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };

  private CapturedWarnings(String loggerName) {
    this.logger = Logger.getLogger(loggerName);
    logger.addHandler(handler);
  }

  /**
   * Starts capturing the warnings of the logger {@code loggerName}, e.g. a package's name.
   *
   * @param loggerName the logger's name
   * @return the capture; close it to stop
   */
  public static CapturedWarnings of(String loggerName) {
    return new CapturedWarnings(loggerName);
  }

  /**
   * The warnings captured so far, in order.
   *
   * @return a snapshot of the captured records
   */
  public List<LogRecord> records() {
    return List.copyOf(records);
  }

  @Override
  public void close() {
    logger.removeHandler(handler);
  }
}
