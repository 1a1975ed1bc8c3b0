package dev.lockkey.reliability;

import dev.lockkey.Keyspace;
import dev.lockkey.reliability.specs.StockAdjustmentKey;
import dev.lockkey.testing.RedisFixture;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The arguments every worker process of this module starts with: the key space's environment
 * word, threads, keys, run time in milliseconds; and the test's Redis server in
 * {@value RedisFixture#REDIS_URL} (in the environment, so that no password shows in the command
 * line), which must be set: a worker must not start a server of its own.
 *
 * @param keyspace the key space
 * @param threads how many threads lock
 * @param keys the keys they lock: {@code central} SKUs from 0
 * @param runTime how long they lock
 */
record WorkerArguments(Keyspace keyspace, int threads, List<StockAdjustmentKey> keys, Duration runTime) {
  /** The first four of {@code args}. */
  static WorkerArguments parse(String[] args) {
    if (System.getenv(RedisFixture.REDIS_URL) == null && System.getenv(WorkerLocks.JDBC_URL) == null
        && System.getenv(WorkerLocks.DYNAMODB_URL) == null) {
      // else the fixture would start a Redis server of the worker's own
      throw new IllegalStateException(RedisFixture.REDIS_URL + " (or " + WorkerLocks.JDBC_URL + ", "
          + WorkerLocks.DYNAMODB_URL + ") must name the test's lock server");
    }
    List<StockAdjustmentKey> keys = IntStream.range(0, Integer.parseInt(args[2]))
        .mapToObj(sku -> StockAdjustmentKey.of("central", sku))
        .toList();
    return new WorkerArguments(Keyspace.of(args[0]), Integer.parseInt(args[1]), keys,
        Duration.ofMillis(Long.parseLong(args[3])));
  }
}
