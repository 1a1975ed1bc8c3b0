package dev.lockkey.processor;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The rules of guarded methods, on plain facts that {@link MethodReader} gathers from javac: which
 * parameter supplies which identity field, the lease parameter, and the annotation's options.
 * Every rule adds its problems to a list and goes on, so that all independent problems of a method
 * are reported at once.
 */
final class MethodValidator {
  /** The shortest lease a watchdog renews, as {@code LockOptions.MIN_RENEWED_LEASE_TIME}. */
  private static final Duration MIN_RENEWED_LEASE = Duration.ofMillis(30);
  /** The longest time to live of a record, as {@code Ttls.MAX}. */
  private static final Duration LONGEST_TTL = Duration.ofDays(36_525);

  private MethodValidator() {}

  /**
   * What the reader found about one parameter of the guarded method.
   *
   * @param type its type as javac prints it
   * @param keyField the {@code @KeyField} value, or {@code null}
   * @param whole how it supplies the whole key, when its type implements the spec; else {@code null}
   * @param lease whether it is a {@code Lease}
   * @param token whether it is a {@code FencingToken}
   * @param payload whether its type is a record, and whether that is {@code @Fingerprinted}
   * @param fits whether it can be passed as the identity field it names (by {@code @KeyField} or by
   *     its name), if it names one
   * @param typeVariable whether its type depends on a type variable
   */
  record ParameterFacts(int index, String name, String type, String keyField, KeySource.Form whole, boolean lease,
      boolean token, Payload payload, boolean fits, boolean typeVariable) {

    /** Whether it supplies {@code field} by its name or its {@code @KeyField}. */
    boolean names(String field) {
      return !lease && !token && (keyField != null ? keyField.equals(field) : whole == null && name.equals(field));
    }

    /** Whether it supplies the whole key. */
    boolean wholeKey() {
      return whole != null && keyField == null;
    }
  }

  /** Whether a parameter's type is a record, one with a generated fingerprint or not. */
  enum Payload {
    NONE,
    RECORD,
    FINGERPRINTED
  }

  /**
   * The one source of every identity field, or {@code null} with the problems added: a missing or
   * ambiguous field, an incompatible parameter, a {@code @KeyField} naming no field.
   *
   * @param guard the guard annotation's qualified name: a missing field is reported on its spec
   * @param spec the spec's simple name, for messages
   * @param method the method's name, for messages
   */
  static KeySource bind(String guard, String spec, String method, List<SpecShape.Accessor> fields,
      List<ParameterFacts> parameters, List<Problem> problems) {
    int before = problems.size();
    List<String> names = fields.stream().map(SpecShape.Accessor::field).toList();
    for (ParameterFacts parameter : parameters) {
      if (parameter.keyField() != null && !names.contains(parameter.keyField())) {
        problems.add(Problem.onParameterValue(parameter.index(), GuardNames.KEY_FIELD, "value",
            GuardMessage.UNKNOWN_KEY_FIELD, parameter.keyField(), spec, String.join(", ", names)));
      }
    }
    // a misspelt @KeyField most likely meant the field that is missing now: one error, not two
    boolean misspelt = problems.size() > before;
    Set<String> reportedPairs = new HashSet<>();
    List<ParameterFacts> sources = new ArrayList<>();
    for (SpecShape.Accessor field : fields) {
      List<ParameterFacts> candidates = parameters.stream()
          .filter(parameter -> parameter.names(field.field()) || parameter.wholeKey())
          .toList();
      if (candidates.isEmpty()) {
        if (misspelt) {
          continue;
        }
        problems.add(Problem.onValue(guard, "value", GuardMessage.MISSING_FIELD, field.field(), spec, method,
            field.type(), field.field(), field.field(), spec));
      } else if (candidates.size() > 1) {
        ParameterFacts first = candidates.get(0);
        ParameterFacts second = candidates.get(1);
        if (reportedPairs.add(first.name() + "/" + second.name())) {
          problems.add(Problem.onParameter(second.index(), GuardMessage.AMBIGUOUS_FIELD,
              field.field(), spec, first.name(), second.name(), field.field()));
        }
      } else {
        ParameterFacts source = candidates.get(0);
        if (source.typeVariable()) {
          problems.add(Problem.onParameter(source.index(), GuardMessage.TYPE_VARIABLE,
              source.name(), source.type(), field.type()));
        } else if (!source.wholeKey() && !source.fits()) {
          problems.add(Problem.onParameter(source.index(), GuardMessage.FIELD_TYPE,
              source.name(), source.type(), field.field(), spec, field.type(), field.type()));
        }
        sources.add(source);
      }
    }
    if (problems.size() > before) {
      return null;
    }
    if (sources.isEmpty()) {
      return new KeySource.Fields(List.of()); // a @OneResource spec: no parameter supplies its key
    }
    ParameterFacts first = sources.get(0);
    return first.wholeKey()
        ? new KeySource.Whole(first.name(), first.whole())
        : new KeySource.Fields(sources.stream().map(ParameterFacts::name).toList());
  }

  /**
   * The index of the parameter that receives the lease (for {@code @Idempotent}: the fencing
   * token), or -1; problems for a lease or token the guard does not hand out, or two of them.
   */
  static int lease(GuardKind kind, List<ParameterFacts> parameters, List<Problem> problems) {
    List<ParameterFacts> leases = parameters.stream().filter(ParameterFacts::lease).toList();
    List<ParameterFacts> tokens = parameters.stream().filter(ParameterFacts::token).toList();
    if (kind != GuardKind.IDEMPOTENT) {
      String fix = kind == GuardKind.RATE_LIMITED
          ? "remove the parameter"
          : "take a Lease parameter and pass its fencingToken()";
      tokens.forEach(token -> problems.add(Problem.onParameter(
          token.index(), GuardMessage.TOKEN_NOT_IDEMPOTENT, token.name(), fix)));
    } else {
      leases.forEach(lease -> problems.add(Problem.onParameter(
          lease.index(), GuardMessage.LEASE_NOT_IDEMPOTENT, lease.name())));
    }
    List<ParameterFacts> held = kind == GuardKind.IDEMPOTENT ? tokens : leases;
    if (held.isEmpty()) {
      return -1;
    }
    if (kind == GuardKind.RATE_LIMITED) {
      held.forEach(lease -> problems.add(Problem.onParameter(
          lease.index(), GuardMessage.LEASE_NOT_HELD, lease.name(), kind.display())));
    } else if (held.size() > 1) {
      problems.add(Problem.onParameter(held.get(1).index(),
          kind == GuardKind.IDEMPOTENT ? GuardMessage.TWO_TOKENS : GuardMessage.TWO_LEASES,
          held.get(0).name(), held.get(1).name()));
    }
    return held.get(0).index();
  }

  /**
   * The parameter whose type is the one {@code @Fingerprinted} record, or {@code null} with a
   * problem added: none (naming a record that lacks the annotation, if there is one), or two.
   *
   * @param method the method's name, for messages
   */
  static ParameterFacts payload(String method, List<ParameterFacts> parameters, List<Problem> problems) {
    List<ParameterFacts> payloads = parameters.stream()
        .filter(parameter -> parameter.payload() == Payload.FINGERPRINTED)
        .toList();
    if (payloads.size() > 1) {
      problems.add(Problem.onParameter(payloads.get(1).index(), GuardMessage.TWO_PAYLOADS,
          payloads.get(0).name(), payloads.get(1).name()));
      return null;
    }
    if (payloads.isEmpty()) {
      parameters.stream().filter(parameter -> parameter.payload() == Payload.RECORD).findFirst().ifPresentOrElse(
          record -> problems.add(Problem.onParameter(record.index(), GuardMessage.PAYLOAD_NOT_FINGERPRINTED,
              record.name(), record.type(), record.type())),
          () -> problems.add(Problem.onElement(GuardMessage.NO_PAYLOAD, method)));
      return null;
    }
    return payloads.get(0);
  }

  /** {@code @Locked}'s options, or {@code null} with the problems added. */
  static GuardOptions.Lock lock(Attributes values, List<Problem> problems) {
    int before = problems.size();
    String renewal = (String) values.get("renewal");
    Duration lease = duration(values, "leaseTime", problems).orElse(null);
    Duration wait = duration(values, "waitTime", problems).orElse(null);
    if (lease != null) {
      if (lease.toMillis() < 1) {
        problems.add(range(values, "leaseTime", "under 1ms", "a lease is at least 1ms"));
      } else if ("ON".equals(renewal) && lease.compareTo(MIN_RENEWED_LEASE) < 0) {
        problems.add(values.onValue("leaseTime", GuardMessage.RENEWED_LEASE, values.get("leaseTime")));
      }
    }
    checkWait(values, wait, problems);
    return problems.size() > before ? null : new GuardOptions.Lock(lease, wait, renewal);
  }

  /**
   * {@code @ScheduledJob}'s options, or {@code null} with the problems added: a method that returns
   * a value (a skipped run has none), durations out of range, {@code holdAtLeast} longer than
   * {@code holdAtMost}.
   *
   * @param method the method's name, for messages
   * @param returnsVoid whether the method returns {@code void}
   * @param returnType the return type as javac prints it, for messages
   */
  static GuardOptions.Job job(String method, boolean returnsVoid, String returnType, Attributes values,
      List<Problem> problems) {
    int before = problems.size();
    if (!returnsVoid) {
      problems.add(Problem.onElement(GuardMessage.JOB_RESULT, method, returnType));
    }
    Duration least = duration(values, "holdAtLeast", problems).orElse(Duration.ZERO);
    Duration most = duration(values, "holdAtMost", problems).orElse(null);
    if (least.isNegative()) {
      problems.add(range(values, "holdAtLeast", "negative", "use 0s, or leave it out, to release on return"));
    }
    if (most != null && most.toMillis() < 1) {
      problems.add(range(values, "holdAtMost", "under 1ms", "a lease is at least 1ms"));
    } else if (most != null && least.compareTo(most) > 0) {
      problems.add(values.onValue("holdAtLeast", GuardMessage.HOLD_LONGER_THAN_LEASE, values.get("holdAtLeast"),
          values.get("holdAtMost")));
    }
    return problems.size() > before ? null : new GuardOptions.Job(least, most);
  }

  /**
   * {@code @SingleFlighted}'s options, or {@code null} with the problems added.
   *
   * @param codec the checked codec class, or {@code null} for the built-in codec
   * @param bytes with the built-in codec, whether results are {@code byte[]}
   */
  static GuardOptions.Flight flight(Attributes values, TypeRef.Declared codec, boolean bytes,
      List<Problem> problems) {
    int before = problems.size();
    Duration ttl = duration(values, "resultTtl", problems).orElse(null);
    Duration lease = duration(values, "leaseTime", problems).orElse(null);
    Duration wait = duration(values, "waitTime", problems).orElse(null);
    if (ttl != null && ttl.toMillis() < 1) {
      problems.add(range(values, "resultTtl", "under 1ms", "a result is kept at least 1ms"));
    }
    if (lease != null && lease.compareTo(MIN_RENEWED_LEASE) < 0) {
      problems.add(range(values, "leaseTime", "under 30ms",
          "a single flight renews its leader's lease every third of it, so the lease is at least 30ms"));
    }
    checkWait(values, wait, problems);
    return problems.size() > before ? null : new GuardOptions.Flight(codec, bytes, ttl, lease, wait);
  }

  /**
   * {@code @RateLimited}'s options, or {@code null} with the problems added.
   *
   * @param keyWindow whether the spec has a {@code @Window} field
   * @param spec the spec's simple name, for messages
   */
  static GuardOptions.Rate rate(Attributes values, boolean keyWindow, String spec,
      List<Problem> problems) {
    int before = problems.size();
    long limit = (Long) values.get("limit");
    long burst = (Long) values.get("burst");
    String purpose = (String) values.get("purpose");
    Optional<Duration> window = duration(values, "window", problems);
    if (limit < 1) {
      problems.add(values.onValue("limit", GuardMessage.LIMIT, "limit", limit,
          "a rate limit admits at least 1 call per window; use limit = 1 or more"));
    }
    if (burst < 0) {
      problems.add(values.onValue("burst", GuardMessage.LIMIT, "burst", burst,
          "a burst is 0 (a fixed window) or at least 1 (a smooth limit)"));
    }
    if (((String) values.get("window")).isEmpty()) {
      if (burst > 0) {
        problems.add(values.onValue("burst", GuardMessage.BURST_WITHOUT_WINDOW, burst));
      } else if (!keyWindow) {
        problems.add(values.onAnnotation(GuardMessage.NO_WINDOW, spec));
      }
    } else if (window.isPresent()) {
      Duration length = window.get();
      if (length.toMillis() < 1) {
        problems.add(range(values, "window", "under 1ms", "a window is at least 1ms"));
      } else if (burst > 0 && limit > 0 && length.toNanos() / 1000 < limit) {
        problems.add(range(values, "window", "too short for " + limit + " calls",
            "a smooth limit admits at most one call per microsecond; lengthen the window"));
      }
    }
    if (!purpose.isEmpty() && !Words.isWord(purpose)) {
      problems.add(values.onValue("purpose", GuardMessage.PURPOSE, purpose));
    }
    return problems.size() > before ? null : new GuardOptions.Rate(limit, window.orElse(null), burst, purpose);
  }

  /**
   * {@code @Idempotent}'s options, or {@code null} with the problems added.
   *
   * @param resultType the erased return type
   * @param codec the checked codec class, or {@code null} for the one the invoker finds
   * @param finalFailures the exception types that are final
   * @param payload the checked payload, or {@code null} when it has problems
   */
  static GuardOptions.Idempotent idempotent(Attributes values, TypeRef resultType,
      TypeRef.Declared codec, List<TypeRef.Declared> finalFailures, GuardOptions.Payload payload,
      List<Problem> problems) {
    int before = problems.size();
    Duration expiry = duration(values, "expiry", problems).orElse(null);
    Duration lease = duration(values, "leaseTime", problems).orElse(null);
    Duration wait = duration(values, "waitTime", problems).orElse(null);
    String inProgress = (String) values.get("inProgress");
    if (expiry != null) {
      checkTtl(values, "expiry", expiry, Duration.ofMillis(1), "a result is replayed at least 1ms", problems);
    }
    if (lease != null) {
      checkTtl(values, "leaseTime", lease, MIN_RENEWED_LEASE,
          "an in-progress record is renewed every third of its lease, so the lease is at least 30ms", problems);
    }
    if (wait != null) {
      if ("FAIL".equals(inProgress)) {
        problems.add(values.onValue("waitTime", GuardMessage.WAIT_WITHOUT_WAITING, values.get("waitTime")));
      } else {
        checkTtl(values, "waitTime", wait, Duration.ofMillis(1), "a duplicate waits at least 1ms", problems);
      }
    }
    return problems.size() > before || payload == null ? null
        : new GuardOptions.Idempotent(resultType, codec, expiry, lease, inProgress, wait, finalFailures, payload);
  }

  /** A time to live that Redis keeps: from {@code shortest} to 100 years. */
  private static void checkTtl(Attributes values, String attribute, Duration ttl, Duration shortest,
      String rule, List<Problem> problems) {
    if (ttl.compareTo(shortest) < 0) {
      problems.add(range(values, attribute, "under " + shortest.toMillis() + "ms", rule));
    } else if (ttl.compareTo(LONGEST_TTL) > 0) {
      problems.add(range(values, attribute, "over 100 years", "Redis keeps a record at most 100 years"));
    }
  }

  private static void checkWait(Attributes values, Duration wait, List<Problem> problems) {
    if (wait != null && wait.isNegative()) {
      problems.add(range(values, "waitTime", "negative", "use 0s not to wait"));
    }
  }

  /** The duration of {@code attribute}; empty when the attribute is empty or (a problem then) no duration. */
  private static Optional<Duration> duration(Attributes values, String attribute,
      List<Problem> problems) {
    String text = (String) values.get(attribute);
    if (text.isEmpty()) {
      return Optional.empty();
    }
    Optional<Duration> duration = DurationText.parse(text);
    if (duration.isEmpty()) {
      problems.add(values.onValue(attribute, GuardMessage.DURATION, attribute, text));
    }
    return duration;
  }

  private static Problem range(Attributes values, String attribute, String what, String rule) {
    return values.onValue(attribute, GuardMessage.DURATION_RANGE, attribute, values.get(attribute), what, rule);
  }
}
