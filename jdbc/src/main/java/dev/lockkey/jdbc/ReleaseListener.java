package dev.lockkey.jdbc;

import dev.lockkey.internal.store.ReleaseWatch;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;

/**
 * The executor's one listening connection and its daemon thread: it hears every release the
 * dialect signals and ends the pause of the waiters of that key in this executor (the local gate
 * lets one thread per key wait on the database, so one waiter per key wakes). It starts with the
 * first watch, keeps its connection from the {@link DataSource} until {@link #close()}, and when
 * the connection breaks it opens another after a pause; meanwhile, and after each reconnection
 * (a release may have gone unheard), every waiter is woken to try, and waiters fall back to their
 * polling backoff. Thread-safe.
 */
final class ReleaseListener implements AutoCloseable {
  private static final System.Logger LOG = System.getLogger(ReleaseListener.class.getPackageName());
  private static final int POLL_MILLIS = 250;
  private static final long RECONNECT_PAUSE_MILLIS = 500;

  private final DataSource dataSource;
  private final JdbcDialect dialect;
  private final String name;
  private final ConcurrentHashMap<String, Set<Watch>> watches = new ConcurrentHashMap<>();
  private Thread thread; // guarded by this
  private volatile boolean closed;

  ReleaseListener(DataSource dataSource, JdbcDialect dialect, String name) {
    this.dataSource = dataSource;
    this.dialect = dialect;
    this.name = name;
  }

  /** A watch on {@code fullKey} for one waiting acquisition; starts the listener if needed. */
  ReleaseWatch watch(String fullKey) {
    start();
    Watch watch = new Watch(fullKey);
    watches.compute(fullKey, (key, waiting) -> {
      Set<Watch> joined = waiting != null ? waiting : ConcurrentHashMap.newKeySet();
      joined.add(watch);
      return joined;
    });
    return watch;
  }

  @Override
  public void close() {
    Thread running;
    synchronized (this) {
      closed = true;
      running = thread;
    }
    if (running != null) {
      try {
        running.join(TimeUnit.SECONDS.toMillis(5)); // it sees closed within one wait, and stops listening
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private synchronized void start() {
    if (thread == null && !closed) {
      thread = new Thread(this::listen, name);
      thread.setDaemon(true);
      thread.start();
    }
  }

  private void listen() {
    while (!closed) {
      try (Connection connection = dataSource.getConnection()) {
        if (!connection.getAutoCommit()) {
          connection.setAutoCommit(true); // LISTEN takes effect at commit
        }
        dialect.listen(connection);
        try {
          wakeAll(); // a release before LISTEN took effect went unheard
          while (!closed) {
            for (String fullKey : dialect.awaitReleases(connection, POLL_MILLIS)) {
              wake(fullKey);
            }
          }
        } finally {
          unlisten(connection);
        }
      } catch (SQLException | RuntimeException e) {
        if (closed) {
          return;
        }
        LOG.log(System.Logger.Level.DEBUG, () -> name + ": the listening connection failed, waiters poll", e);
        wakeAll();
        try {
          TimeUnit.MILLISECONDS.sleep(RECONNECT_PAUSE_MILLIS);
        } catch (InterruptedException stop) {
          return;
        }
      }
    }
  }

  /** The connection goes back to the pool: it must not go on hearing (a broken one the pool drops anyway). */
  private void unlisten(Connection connection) {
    try {
      dialect.unlisten(connection);
    } catch (SQLException | RuntimeException broken) {
      LOG.log(System.Logger.Level.DEBUG, () -> name + ": UNLISTEN failed on a connection the pool will drop", broken);
    }
  }

  private void wake(String fullKey) {
    Set<Watch> waiting = watches.get(fullKey);
    if (waiting != null) {
      waiting.forEach(Watch::signal);
    }
  }

  private void wakeAll() {
    watches.values().forEach(waiting -> waiting.forEach(Watch::signal));
  }

  /** One waiting acquisition's watch: a release heard since the last pause ends the next pause at once. */
  private final class Watch implements ReleaseWatch {
    private final String fullKey;
    private boolean released; // guarded by this

    Watch(String fullKey) {
      this.fullKey = fullKey;
    }

    synchronized void signal() {
      released = true;
      notifyAll();
    }

    @Override
    public synchronized void pause(long nanos) throws InterruptedException {
      long deadline = System.nanoTime() + nanos;
      long left = nanos;
      while (!released && left > 0) {
        TimeUnit.NANOSECONDS.timedWait(this, left);
        left = deadline - System.nanoTime();
      }
      released = false;
    }

    @Override
    public void close() {
      watches.computeIfPresent(fullKey, (key, waiting) -> {
        waiting.remove(this);
        return waiting.isEmpty() ? null : waiting;
      });
    }
  }
}
