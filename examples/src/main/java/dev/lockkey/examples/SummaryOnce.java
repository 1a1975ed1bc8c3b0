package dev.lockkey.examples;

import dev.lockkey.codec.ResultCodec;
import dev.lockkey.examples.specs.DocumentSummaryKey;
import dev.lockkey.flight.FlightOptions;
import dev.lockkey.flight.SingleFlight;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.flight.RedisSingleFlight;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Section 5: single flight. Identical requests for one document's AI summary reach several servers
 * at once; the model runs once, and every request gets its text.
 */
final class SummaryOnce {
  static final int SERVERS = 3;
  static final int REQUESTS_PER_SERVER = 4;
  static final int REQUESTS = SERVERS * REQUESTS_PER_SERVER;

  private static final FlightOptions<String> SUMMARIES = FlightOptions.builder(ResultCodec.utf8())
      .resultTtl(Duration.ofMinutes(10)) // the summary stays true as long as the key's content hash does
      .build();

  private SummaryOnce() {}

  /**
   * What the section showed.
   *
   * @param requests how many requests asked for the summary
   * @param executions how many times the model ran
   * @param leader the server whose request ran it
   * @param distinctAnswers the different texts the requests got (one expected)
   * @param resultKey the Redis key the result is shared through
   */
  record Result(int requests, int executions, String leader, Set<String> distinctAnswers, String resultKey)
      implements SectionResult {
    @Override
    public String section() {
      return "single flight";
    }

    @Override
    public String claim() {
      return REQUESTS + " identical requests, 1 model call";
    }

    @Override
    public String shown() {
      return requests + " requests, " + executions + " call, " + distinctAnswers.size() + " answer";
    }

    @Override
    public boolean holds() {
      return requests == REQUESTS && executions == 1 && distinctAnswers.size() == 1;
    }
  }

  /** Sends the identical requests from every server at once and tells how often the model ran. */
  static Result run(DemoRedis redis, Narration say) {
    say.heading("5. Single flight: " + REQUESTS + " identical requests for doc-7's summary reach "
        + SERVERS + " servers at once");
    DocumentSummaryKey summary = DocumentSummaryKey.of("acme", "doc-7", 3, KeyShapes.DOCUMENT);
    CountDownLatch allAsked = new CountDownLatch(REQUESTS);
    AtomicInteger executions = new AtomicInteger();
    Set<String> leaders = ConcurrentHashMap.newKeySet();
    Set<String> answers = ConcurrentHashMap.newKeySet();
    AtomicInteger requests = new AtomicInteger();

    List<Runnable> servers = new ArrayList<>();
    for (int s = 1; s <= SERVERS; s++) {
      String name = "server-" + s;
      servers.add(() -> {
        try (Worker server = Worker.start(name, redis)) {
          SingleFlight flights = RedisSingleFlight.create(JedisConnection.of(server.client()), server.locks());
          List<Runnable> handlers = new ArrayList<>();
          for (int r = 0; r < REQUESTS_PER_SERVER; r++) {
            handlers.add(() -> {
              requests.incrementAndGet();
              allAsked.countDown();
              answers.add(flights.run(summary, SUMMARIES, lease -> {
                leaders.add(name);
                executions.incrementAndGet();
                Threads.await(allAsked); // a slow model call: every request arrives while it runs
                return "Revenue grew in every region (summary of doc-7, prompt v3)";
              }));
            });
          }
          Threads.runAll(handlers);
        }
      });
    }
    Threads.runAll(servers);

    String leader = String.join(", ", leaders);
    String resultKey = redis.keyspace().fullKey(SingleFlight.RESULT_PURPOSE, summary);
    say.line("the model ran %s, on %s; the other %d requests waited for it (woken by its release)",
        executions.get() == 1 ? "once" : executions.get() + " times", leader, requests.get() - executions.get());
    say.line("answers: %s", answers);
    say.line("shared through %s for %d minutes", resultKey, SUMMARIES.resultTtl().toMinutes());
    return new Result(requests.get(), executions.get(), leader, Set.copyOf(answers), resultKey);
  }
}
