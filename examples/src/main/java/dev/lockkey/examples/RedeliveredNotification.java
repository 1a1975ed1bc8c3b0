package dev.lockkey.examples;

import dev.lockkey.examples.specs.Channel;
import dev.lockkey.examples.specs.NotificationDeliveryKey;
import dev.lockkey.redis.connection.JedisConnection;
import dev.lockkey.redis.dedupe.DedupeMark;
import dev.lockkey.redis.dedupe.Deduplicator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Section 6: dedupe. A broker redelivers one event to two servers at once; the receiver gets one
 * e-mail. The same event by SMS is another key. A push whose send failed forgets its mark, so its
 * redelivery sends it.
 */
final class RedeliveredNotification {
  static final int DELIVERIES = 4;
  /** As long as the broker may redeliver. */
  static final Duration TTL = Duration.ofDays(1);

  private RedeliveredNotification() {}

  /**
   * What the section showed.
   *
   * @param deliveries how many times the e-mail event was delivered
   * @param emailsSent how many of those sent the e-mail
   * @param smsSent whether the SMS of the same event was sent
   * @param pushRetried whether the push, whose first send failed, was sent on its redelivery
   */
  record Result(int deliveries, int emailsSent, boolean smsSent, boolean pushRetried) implements SectionResult {
    @Override
    public String section() {
      return "dedupe";
    }

    @Override
    public String claim() {
      return DELIVERIES + " deliveries of one event, 1 e-mail";
    }

    @Override
    public String shown() {
      return deliveries + " deliveries, " + emailsSent + " e-mail sent";
    }

    @Override
    public boolean holds() {
      return deliveries == DELIVERIES && emailsSent == 1 && smsSent && pushRetried;
    }
  }

  /** Delivers the event, its SMS and a failing push, and tells what was sent. */
  static Result run(DemoRedis redis, Narration say) {
    say.heading("6. Dedupe: event evt-981 for u-7 is delivered " + DELIVERIES + " times, to 2 servers at once");
    try (Worker one = Worker.start("server-1", redis); Worker two = Worker.start("server-2", redis)) {
      List<Deduplicator> servers = List.of(
          Deduplicator.create(JedisConnection.of(one.client()), redis.keyspace()), Deduplicator.create(JedisConnection.of(two.client()), redis.keyspace()));
      NotificationDeliveryKey email = NotificationDeliveryKey.of("evt-981", "u-7", Channel.EMAIL);
      AtomicInteger deliveries = new AtomicInteger();
      AtomicInteger emailsSent = new AtomicInteger();
      List<Runnable> redeliveries = new ArrayList<>();
      for (int i = 0; i < DELIVERIES; i++) {
        Deduplicator dedupe = servers.get(i % servers.size());
        redeliveries.add(() -> {
          deliveries.incrementAndGet();
          if (dedupe.firstSeen(email, TTL)) {
            emailsSent.incrementAndGet(); // mailer.send(...)
          }
        });
      }
      Threads.runAll(redeliveries);
      say.line("e-mail: %d of %d deliveries saw it first and sent it; the mark is %s for %d day",
          emailsSent.get(), deliveries.get(), redis.keyspace().fullKey(Deduplicator.PURPOSE, email), TTL.toDays());

      boolean smsSent = servers.get(0).firstSeen(NotificationDeliveryKey.of("evt-981", "u-7", Channel.SMS), TTL);
      say.line("SMS of the same event: another key, seen first, sent: %s", smsSent);

      NotificationDeliveryKey push = NotificationDeliveryKey.of("evt-981", "u-7", Channel.PUSH);
      boolean firstTry = sendPush(servers.get(0), push, false);
      boolean redelivery = sendPush(servers.get(1), push, true);
      say.line("push: the first send failed and forgot its mark (sent: %s); the redelivery saw it first and sent: %s",
          firstTry, redelivery);
      return new Result(deliveries.get(), emailsSent.get(), smsSent, !firstTry && redelivery);
    }
  }

  /** A handler as in docs/PURPOSES.md: mark, send, and forget the mark when the send fails. */
  private static boolean sendPush(Deduplicator dedupe, NotificationDeliveryKey key, boolean pushServiceUp) {
    DedupeMark mark = dedupe.mark(key, TTL);
    if (!mark.first()) {
      return false; // sent, or being sent, already
    }
    if (!pushServiceUp) { // the send threw
      mark.forget(); // so that a redelivery tries again
      return false;
    }
    return true;
  }
}
