package dev.lockkey.examples;

import dev.lockkey.codec.ResultCodec;
import dev.lockkey.examples.specs.OrderRequest;
import dev.lockkey.examples.specs.OrderRequestFingerprint;
import dev.lockkey.examples.specs.OrderSubmissionKey;
import dev.lockkey.idempotency.IdempotencyConflictException;
import dev.lockkey.idempotency.IdempotencyOptions;
import dev.lockkey.idempotency.IdempotentCalls;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.idempotency.RedisIdempotentCalls;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Section 9: an idempotent call. A client submits order ord-1001 four times (retries after
 * timeouts, each with a new trace id), to two servers at once: the order is placed once and every
 * submission gets its confirmation. The same order id with another total is refused. Then Redis
 * loses the record (as a failover may): the next retry runs the work again, and the database's
 * unique constraint on the key's canonical text still keeps one order.
 */
final class IdempotentOrder {
  static final int SUBMISSIONS = 4;
  private static final IdempotencyOptions<String> CONFIRMATIONS = IdempotencyOptions.builder(ResultCodec.utf8()).build();

  private IdempotentOrder() {}

  /**
   * What the section showed.
   *
   * @param submissions how many times the order was submitted
   * @param inserts how many of those inserted it
   * @param confirmations the distinct confirmations the submissions got
   * @param otherTotalRefused whether the same order id with another total was refused
   * @param afterRedisLoss what a retry got after Redis lost the record
   * @param rows how many orders the database holds at the end
   */
  record Result(int submissions, int inserts, Set<String> confirmations, boolean otherTotalRefused,
      String afterRedisLoss, int rows) implements SectionResult {
    @Override
    public String section() {
      return "idempotent";
    }

    @Override
    public String claim() {
      return SUBMISSIONS + " submissions, 1 order, Redis loss too";
    }

    @Override
    public String shown() {
      return submissions + " submissions, " + inserts + " insert, " + rows + " row";
    }

    @Override
    public boolean holds() {
      return submissions == SUBMISSIONS && inserts == 1 && confirmations.size() == 1 && otherTotalRefused
          && confirmations.contains(afterRedisLoss) && rows == 1;
    }
  }

  /** Submits the order from two servers, tries another total, loses the record, and tells what happened. */
  static Result run(DemoRedis redis, Narration say) {
    say.heading("9. Idempotent call: order ord-1001 is submitted " + SUBMISSIONS + " times, to 2 servers at once");
    OrderSubmissionKey key = OrderSubmissionKey.of("acme", "ord-1001");
    String record = redis.keyspace().fullKey(RedisIdempotentCalls.PURPOSE, key);
    try (OrderDatabase database = OrderDatabase.open();
        Worker one = Worker.start("server-1", redis);
        Worker two = Worker.start("server-2", redis);
        IdempotentCalls first = RedisIdempotentCalls.create(JedisConnection.of(one.client()), redis.keyspace());
        IdempotentCalls second = RedisIdempotentCalls.create(JedisConnection.of(two.client()), redis.keyspace())) {
      List<IdempotentCalls> servers = List.of(first, second);
      Set<String> confirmations = ConcurrentHashMap.newKeySet();
      List<Runnable> submissions = new ArrayList<>();
      for (int i = 0; i < SUBMISSIONS; i++) {
        IdempotentCalls server = servers.get(i % servers.size());
        OrderRequest request = request(new BigDecimal("59.90"), "trace-" + i);
        submissions.add(() -> confirmations.add(server.run(key, OrderRequestFingerprint.of(request), CONFIRMATIONS,
            fencingToken -> database.place(key, fencingToken))));
      }
      Threads.runAll(submissions);
      say.line("%d submissions with %d trace ids, 1 fingerprint: %d insert, every submission got %s",
          SUBMISSIONS, SUBMISSIONS, database.inserts(), String.join(", ", confirmations));
      say.line("the record %s holds the fingerprint and the confirmation for 24 h", record);

      boolean refused = false;
      try {
        first.run(key, OrderRequestFingerprint.of(request(new BigDecimal("99.00"), "trace-x")), CONFIRMATIONS,
            fencingToken -> database.place(key, fencingToken));
      } catch (IdempotencyConflictException e) {
        refused = true;
      }
      say.line("the same order id with total 99.00: refused, nothing ran: %s", refused);

      one.client().del(record); // what a failover to a replica that had not yet received the record does
      String afterLoss = second.run(key, OrderRequestFingerprint.of(request(new BigDecimal("59.90"), "trace-9")),
          CONFIRMATIONS, fencingToken -> database.place(key, fencingToken));
      say.line("Redis lost the record; a retry ran the work again, the unique constraint on %s kept %d row,"
          + " and the retry got %s", key.canonical(), database.rows(), afterLoss);
      one.client().del(record, redis.keyspace().fullKey(RedisIdempotentCalls.FENCE_PURPOSE, key));
      return new Result(SUBMISSIONS, database.inserts(), Set.copyOf(confirmations), refused, afterLoss,
          database.rows());
    }
  }

  private static OrderRequest request(BigDecimal total, String traceId) {
    return new OrderRequest("c-42", List.of(new OrderRequest.Line("A-1", 2), new OrderRequest.Line("B-7", 1)),
        total, traceId);
  }
}
