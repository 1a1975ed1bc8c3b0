package dev.lockkey.examples;

import dev.lockkey.InvalidKeyException;
import dev.lockkey.KeySecret;
import dev.lockkey.Keyspace;
import dev.lockkey.LockKey;
import dev.lockkey.examples.specs.AccountTransferKey;
import dev.lockkey.examples.specs.Channel;
import dev.lockkey.examples.specs.CustomerProfileKey;
import dev.lockkey.examples.specs.DailySettlementKey;
import dev.lockkey.examples.specs.DocumentSummaryKey;
import dev.lockkey.examples.specs.LoginAttemptsKey;
import dev.lockkey.examples.specs.NotificationDeliveryKey;
import dev.lockkey.examples.specs.PaymentCaptureKey;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Section 1: the keys that the example specs render, and what their field annotations do. No
 * Redis here: a key is plain data, made and checked before any lock is taken.
 */
final class KeyShapes {
  /** A customer's phone number: personal data that must reach no key, log or output. */
  static final String PHONE = "+86 138 0013 8000";
  /** A document's text: long, and nobody's business in Redis. */
  static final String DOCUMENT = "Quarterly report of ACME Corp. Revenue grew in every region. ".repeat(400);

  private KeyShapes() {}

  /**
   * What the section showed.
   *
   * @param keys the keys shown, one per example spec
   * @param unorderedAlike whether A->B and B->A rendered one key ({@code @Unordered})
   * @param caseAndWindowAlike whether "Alice" and "alice" within one minute rendered one key and
   *     the next minute another ({@code @CaseInsensitive}, {@code @Window})
   * @param digestsOnly whether neither the phone number nor the document text appear in any key
   *     or {@code toString()} ({@code @Secret}, {@code @Hashed})
   * @param rejected the message of the exception a blank tenant raised
   */
  record Result(List<LockKey> keys, boolean unorderedAlike, boolean caseAndWindowAlike, boolean digestsOnly,
      String rejected) implements SectionResult {
    @Override
    public String section() {
      return "keys";
    }

    @Override
    public String claim() {
      return "one key per resource, no personal data";
    }

    @Override
    public String shown() {
      return keys.size() + " specs; A->B = B->A; Alice = alice";
    }

    @Override
    public boolean holds() {
      return unorderedAlike && caseAndWindowAlike && digestsOnly && !rejected.isEmpty();
    }
  }

  /** Renders a key of every example spec and tells what its annotations did; {@code keyspace} names the Redis key. */
  static Result run(Keyspace keyspace, Narration say) {
    say.heading("1. Keys the specs render (each XxxKey class written by the annotation processor)");

    PaymentCaptureKey payment = PaymentCaptureKey.of("acme", 98765);
    show(say, payment, "PaymentCapture: tenant and order; two tenants' order 98765 never block each other");
    say.line("    its lock in Redis: %s", keyspace.fullKey("lock", payment));

    AccountTransferKey aToB = AccountTransferKey.of("acme", accounts(1001, 9008));
    AccountTransferKey bToA = AccountTransferKey.of("acme", accounts(9008, 1001));
    show(say, aToB, "AccountTransfer: 1001->9008 and 9008->1001 give this one key (@Unordered sorts the set)");

    LoginAttemptsKey first = LoginAttemptsKey.of("Alice", Instant.parse("2026-04-21T10:35:07Z"));
    LoginAttemptsKey second = LoginAttemptsKey.of("alice", Instant.parse("2026-04-21T10:35:52Z"));
    LoginAttemptsKey nextMinute = LoginAttemptsKey.of("alice", Instant.parse("2026-04-21T10:36:01Z"));
    show(say, first, "LoginAttempts: \"Alice\" at 10:35:07 = \"alice\" at 10:35:52 (@CaseInsensitive, "
        + "@Window of 1 minute); 10:36:01 is the next key");

    DocumentSummaryKey summary = DocumentSummaryKey.of("acme", "doc-7", 3, DOCUMENT);
    show(say, summary, "DocumentSummary: " + DOCUMENT.length() + " characters of text become 32 hex digits (@Hashed)");

    // Load the secret from your secret store: every service that locks customers needs the same bytes.
    KeySecret secret = KeySecret.of("demo-secret-load-yours-from-a-vault".getBytes(StandardCharsets.UTF_8));
    CustomerProfileKey customer = CustomerProfileKey.of(secret, "acme", PHONE);
    show(say, customer, "CustomerProfile: the phone number becomes an HMAC (@Secret); toString() " + customer);

    DailySettlementKey settlement = DailySettlementKey.of("m-2041", LocalDate.of(2026, 4, 20));
    show(say, settlement, "DailySettlement: one merchant's business day, ISO date");

    NotificationDeliveryKey email = NotificationDeliveryKey.of("evt-981", "u-7", Channel.EMAIL);
    show(say, email, "NotificationDelivery: event, receiver, channel; the SMS of that event is another key");

    String rejected = rejection(() -> PaymentCaptureKey.of("   ", 98765));
    say.line("invalid input never becomes a key: %s", rejected);

    List<LockKey> keys = List.of(payment, aToB, first, summary, customer, settlement, email);
    boolean digestsOnly = keys.stream()
        .allMatch(key -> !mentions(key.canonical()) && !mentions(key.toString()));
    return new Result(keys, aToB.equals(bToA), first.equals(second) && !second.equals(nextMinute),
        digestsOnly, rejected);
  }

  private static void show(Narration say, LockKey key, String note) {
    say.line("%s", key.canonical());
    say.line("    %s", note);
  }

  /** The two accounts in this order, to show that the order does not matter. */
  private static Set<Long> accounts(long from, long to) {
    return new LinkedHashSet<>(List.of(from, to));
  }

  private static boolean mentions(String text) {
    return text.contains(PHONE) || text.contains("138 0013") || text.contains("Quarterly report");
  }

  private static String rejection(Runnable makeKey) {
    try {
      makeKey.run();
      return "";
    } catch (InvalidKeyException e) {
      return e.getMessage();
    }
  }
}
