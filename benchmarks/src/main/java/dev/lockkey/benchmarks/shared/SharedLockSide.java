package dev.lockkey.benchmarks.shared;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.SpecDescriptor;
import dev.lockkey.benchmarks.redis.RedisEndpoint;
import dev.lockkey.lock.Lease;
import dev.lockkey.lock.LockOptions;
import dev.lockkey.permit.PermitOptions;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.permit.RedisPermits;
import dev.lockkey.redis.rwlock.RedisReadWriteLocks;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.redisson.Redisson;
import org.redisson.api.RLock;
import org.redisson.api.RPermitExpirableSemaphore;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;
import redis.clients.jedis.RedisClient;

/**
 * One side of the shared-lock comparison: a permit (N = {@link #PERMITS}), a read share or a write
 * lock taken and given back, with a lease of {@link #LEASE} and no renewal, on LockKey or on
 * Redisson ({@code RPermitExpirableSemaphore}, {@code RReadWriteLock}).
 */
public enum SharedLockSide {
  LOCKKEY {
    @Override
    Cycle open(RedisEndpoint redis, Op op, String name) {
      RedisClient jedis = RedisClient.create(redis.host(), redis.port());
      LockKey key = new BenchKey(name);
      LockOptions lease = LockOptions.builder().leaseTime(LEASE).waitTime(Duration.ZERO).build();
      if (op == Op.PERMIT) {
        RedisPermits permits = RedisPermits.create(JedisConnection.of(jedis), Keyspace.of("bench"));
        PermitOptions options = PermitOptions.builder().permits(PERMITS).lease(lease).build();
        return new Cycle(() -> permits.tryAcquire(key, options).orElseThrow().release(), () -> {
          permits.close();
          jedis.close();
        });
      }
      RedisReadWriteLocks locks = RedisReadWriteLocks.create(JedisConnection.of(jedis), Keyspace.of("bench"));
      return new Cycle(() -> {
        Lease held = (op == Op.READ ? locks.tryRead(key, lease) : locks.tryWrite(key, lease)).orElseThrow();
        held.release();
      }, () -> {
        locks.close();
        jedis.close();
      });
    }
  },
  REDISSON {
    @Override
    Cycle open(RedisEndpoint redis, Op op, String name) {
      Config config = new Config();
      config.useSingleServer().setAddress("redis://" + redis.host() + ":" + redis.port());
      RedissonClient redisson = Redisson.create(config);
      if (op == Op.PERMIT) {
        RPermitExpirableSemaphore semaphore = redisson.getPermitExpirableSemaphore(name);
        semaphore.trySetPermits(PERMITS);
        return new Cycle(() -> {
          String permit = semaphore.tryAcquire(0, LEASE.toMillis(), TimeUnit.MILLISECONDS);
          if (permit == null) {
            throw new IllegalStateException("no permit on an idle semaphore");
          }
          semaphore.release(permit);
        }, redisson::shutdown);
      }
      RLock lock = op == Op.READ ? redisson.getReadWriteLock(name).readLock() : redisson.getReadWriteLock(name).writeLock();
      return new Cycle(() -> {
        if (!lock.tryLock(0, LEASE.toMillis(), TimeUnit.MILLISECONDS)) {
          throw new IllegalStateException("an idle lock was held");
        }
        lock.unlock();
      }, redisson::shutdown);
    }
  };

  /** N of the permits. */
  static final int PERMITS = 4;
  /** Every share's lease: long enough never to run out during a cycle. */
  static final Duration LEASE = Duration.ofSeconds(30);

  /** What is taken. */
  public enum Op { PERMIT, READ, WRITE }

  /** One take-and-give-back, and how to close the side's clients. */
  record Cycle(Step step, Runnable close) {
    void run() throws Exception {
      step.run();
    }
  }

  /** A step that may throw. */
  @FunctionalInterface
  interface Step {
    void run() throws Exception;
  }

  /** Opens this side's clients for {@code op} on the lock named {@code name}. */
  abstract Cycle open(RedisEndpoint redis, Op op, String name);

  /** A hand-written key, as the other benchmarks' keys are generated ones. */
  private record BenchKey(String name) implements LockKey {
    @Override
    public String canonical() {
      return "bench:shared:v1:" + name;
    }

    @Override
    public SpecDescriptor spec() {
      return new SpecDescriptor("dev.lockkey.benchmarks.shared.BenchKey", "bench", "shared", 1,
          "bench:shared:v1:{name}", List.of(FieldDescriptor.of("name", "java.lang.String")));
    }
  }
}
