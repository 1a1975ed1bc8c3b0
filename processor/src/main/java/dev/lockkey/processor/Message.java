package dev.lockkey.processor;

import static javax.tools.Diagnostic.Kind.ERROR;
import static javax.tools.Diagnostic.Kind.NOTE;
import static javax.tools.Diagnostic.Kind.WARNING;

import javax.tools.Diagnostic;

/**
 * The catalogue of {@link LockKeyProcessor}: every message about specs, fingerprinted records and
 * the layout guard, in one place ({@link GuardMessage} holds the guarded methods'). Each starts
 * with a stable id in brackets, then says which rule is broken, what was found, and how to fix
 * it. Several messages may share an id when they are variants of one rule.
 */
enum Message implements ProcessorMessage {
  // The spec type, reported on the interface.
  NOT_INTERFACE(ERROR, "LockKeyNotInterface",
      "@LockKeySpec %s is %s; a spec is an interface whose abstract methods are the identity fields;"
          + " declare it as an interface"),
  GENERIC_SPEC(ERROR, "LockKeyGeneric",
      "spec %s declares type parameters <%s>; one key class is generated per spec, so its field types"
          + " must be concrete; remove the type parameters"),
  INACCESSIBLE_SPEC(ERROR, "LockKeyAccess",
      "spec %s is %s; the generated %s in the same package must implement it; make the interface and"
          + " every type enclosing it at least package-private"),
  NO_IDENTITY_FIELD(ERROR, "LockKeyNoFields",
      "spec %s has no identity field; a key without fields would lock every resource of its kind at once;"
          + " declare one abstract accessor per identity field, e.g. String tenant();, or annotate the spec"
          + " @OneResource if it names one resource (a scheduled job, a leadership)"),
  ONE_RESOURCE_WITH_FIELDS(ERROR, "LockKeyOneResource",
      "spec %s is @OneResource, which names one resource without identity fields, but declares %s;"
          + " remove @OneResource, or the fields"),
  INHERITED_FIELD(ERROR, "LockKeyInherited",
      "spec %s inherits abstract method %s() from %s; identity fields and their order must be visible"
          + " in the spec itself; redeclare %s() in %s, or implement it there as a default method"),
  NAME_TAKEN(ERROR, "LockKeyNameTaken",
      "spec %s generates %s, but a type of that name already exists; rename that type or the spec"),
  DUPLICATE_KEY_SPACE(ERROR, "LockKeyDuplicate",
      "spec %s has domain \"%s\", action \"%s\" and version %d, like spec %s; specs sharing a key space"
          + " can render one body for different resources; change the action, or the version of one"),
  UNRESOLVED(ERROR, "LockKeyUnresolved",
      "%s was not generated: spec %s refers to %s, which javac could not resolve after the last round of"
          + " annotation processing; import or declare it, or add the processor that generates it"),

  // Attributes of @LockKeySpec, reported on the value.
  BAD_WORD(ERROR, "LockKeyWord",
      "%s \"%s\" is not a key word; words are 1 to 64 characters of a-z, 0-9, '-' and '_', starting"
          + " with a letter or digit; write it like \"order-state\""),
  BAD_VERSION(ERROR, "LockKeyVersion",
      "version is %d; versions start at 1 and grow with each layout change; use version = 1 or more"),
  TEMPLATE_EMPTY_SEGMENT(ERROR, "LockKeyTemplate",
      "template \"%s\" has an empty segment; segments are separated by single ':' and are never empty;"
          + " remove the extra ':'"),
  TEMPLATE_BRACES(ERROR, "LockKeyTemplate",
      "template \"%s\" has unbalanced braces in segment \"%s\"; a placeholder is a whole segment like"
          + " {orderId}; close or remove the brace"),
  TEMPLATE_GLUED(ERROR, "LockKeyTemplate",
      "template \"%s\" glues a placeholder to other text in segment \"%s\"; a placeholder must be a"
          + " whole segment, or values could run into their neighbours; separate them with ':', e.g."
          + " \"pay:{orderId}\""),
  TEMPLATE_LITERAL(ERROR, "LockKeyTemplate",
      "template \"%s\" has literal \"%s\", which is not a key word; literals are 1 to 64 characters of"
          + " a-z, 0-9, '-' and '_', starting with a letter or digit; write it like \"order-state\""),
  TEMPLATE_UNKNOWN(ERROR, "LockKeyTemplate",
      "template \"%s\" names {%s}, which is neither an identity field nor {version}; the identity fields"
          + " are %s; correct the placeholder"),
  TEMPLATE_DUPLICATE(ERROR, "LockKeyTemplate",
      "template \"%s\" names {%s} more than once; each placeholder appears exactly once; remove the"
          + " repetition"),
  TEMPLATE_MISSING(ERROR, "LockKeyTemplate",
      "template \"%s\" leaves out identity field %s; a field missing from the body lets different"
          + " resources share one key; add {%s} as a segment"),

  // Identity fields, reported on the method or on the annotation that does not fit.
  ACCESSOR_PARAMETERS(ERROR, "LockKeyAccessor",
      "identity field %s takes parameters; identity fields are parameterless accessors; remove the"
          + " parameters, or make it a default or static method"),
  ACCESSOR_TYPE_PARAMETERS(ERROR, "LockKeyAccessor",
      "identity field %s() declares type parameters <%s>; a field's type must be fixed to have one"
          + " canonical text; remove the type parameters"),
  ACCESSOR_VOID(ERROR, "LockKeyAccessor",
      "identity field %s() returns void; an identity field returns its value; declare the value's"
          + " type, e.g. String %s()"),
  RESERVED_NAME(ERROR, "LockKeyReservedName",
      "identity field %s() has the name of %s, which the generated key class needs; rename the field"),
  FLOATING_POINT(ERROR, "LockKeyFieldType",
      "identity field %s() has type %s; binary floating point is no identity (0.1 + 0.2 != 0.3); use"
          + " long (minor units) or BigDecimal"),
  CHAR_TYPE(ERROR, "LockKeyFieldType",
      "identity field %s() has type %s; a char is a UTF-16 unit, not a character; use String"),
  UNSUPPORTED_TYPE(ERROR, "LockKeyFieldType",
      "identity field %s() has type %s, which has no canonical text; use String, byte, short, int, long,"
          + " boolean, UUID, an enum, BigDecimal, LocalDate, YearMonth, Instant with @Window, byte[]"
          + " with @Hashed or @Secret, or an Optional, List, Set or Collection of one of the scalars"),
  RAW_TYPE(ERROR, "LockKeyFieldType",
      "identity field %s() has raw type %s; the element type decides the canonical text; add it, e.g."
          + " %s<String>"),
  WILDCARD_TYPE(ERROR, "LockKeyFieldType",
      "identity field %s() has type %s with a wildcard; the element type decides the canonical text;"
          + " name it exactly, e.g. %s<String>"),
  NESTED_TYPE(ERROR, "LockKeyFieldType",
      "identity field %s() has type %s; an Optional or collection holds one scalar type (String,"
          + " integral, boolean, UUID, enum, BigDecimal, LocalDate, YearMonth, Instant); use a scalar"
          + " element type, or split the value into several fields"),
  INACCESSIBLE_TYPE(ERROR, "LockKeyFieldType",
      "identity field %s() has type %s, which the generated key class cannot see because it is"
          + " private; make the enum and every type enclosing it at least package-private"),
  BYTES_WITHOUT_DIGEST(ERROR, "LockKeyBytes",
      "identity field %s() is byte[] without @Hashed or @Secret; raw bytes have no text form in a key;"
          + " add @Hashed (a digest of the content) or @Secret (a keyed digest, for personal data)"),
  INSTANT_WITHOUT_WINDOW(ERROR, "LockKeyWindow",
      "identity field %s() is an Instant without @Window; a raw timestamp makes every request a"
          + " different key; add @Window(size = 1, unit = ChronoUnit.MINUTES), or the window to lock per"),
  WINDOW_SIZE(ERROR, "LockKeyWindow",
      "@Window size is %d; a window is at least 1 unit long; use size = 1 or more"),
  WINDOW_TOO_SHORT(ERROR, "LockKeyWindow",
      "@Window of %d %s is shorter than a second; window starts are rendered to the second, so shorter"
          + " windows would share one key; use at least 1 second"),
  WINDOW_TOO_LONG(ERROR, "LockKeyWindow",
      "@Window of %d %s is longer than the runtime can align (milliseconds in a long); use a smaller"
          + " size"),
  WINDOW_UNIT(ERROR, "LockKeyWindow",
      "@Window unit is %s; windows are measured in MILLIS, SECONDS, MINUTES, HOURS, HALF_DAYS or DAYS;"
          + " use one of these"),
  MODIFIER_MISFIT(ERROR, "LockKeyModifier",
      "@%s does not fit identity field %s() of type %s; @%s applies to %s; remove it or change the"
          + " field's type"),
  HASHED_AND_SECRET(ERROR, "LockKeyHashedSecret",
      "identity field %s() is both @Hashed and @Secret; @Secret already keeps only a (keyed) digest;"
          + " keep @Secret for personal data, @Hashed otherwise"),
  MAX_LENGTH(ERROR, "LockKeyMaxLength",
      "@MaxLength is %d; a length limit is at least 1 code point; use a positive limit or remove"
          + " @MaxLength"),
  UNORDERED_REQUIRED(ERROR, "LockKeyUnordered",
      "identity field %s() is a %s without @Unordered; the iteration order of a %s is not part of its"
          + " value (one set iterates in another order in the next JVM run), so equal values would give"
          + " different keys; add @Unordered, or use a List if the order matters"),

  // Warnings, silenced by @SuppressWarnings("lockkey") on the method or the spec.
  NOISE_FIELD(WARNING, "LockKeyNoise",
      "identity field %s() looks like per-request data; a key holding it differs on every request and"
          + " never locks anything; remove it from the spec, or add @SuppressWarnings(\"lockkey\") if it"
          + " does identify the resource"),
  TEMPLATE_WITHOUT_VERSION(WARNING, "LockKeyTemplateVersion",
      "template \"%s\" has no {version}; bumping the version would not change the keys, so old and new"
          + " layouts could collide; add a {version} segment, or @SuppressWarnings(\"lockkey\") if"
          + " another system fixes the layout"),

  // The layout guard (-Alockkey.baseline), reported on the spec's version.
  LAYOUT_CHANGED(ERROR, "LockKeyLayoutChanged",
      "spec %s changed its key layout but kept version %d%s; old and new builds would lock different keys"
          + " for one resource, so during a rollout both could hold its lock\n"
          + "baseline: %s\n"
          + "now:      %s\n"
          + "changed:  %s\n"
          + "bump the version (version = %d) and roll out both layouts, or undo the change"),
  VERSION_LOWERED(ERROR, "LockKeyVersionLowered",
      "spec %s has version %d, below version %d in the layout baseline%s; versions only grow, or the keys"
          + " of a retired layout could come back with another meaning; use version = %d"),
  VERSION_BUMPED(NOTE, "LockKeyVersionBumped",
      "spec %s moves from version %d to %d (changed: %s)\n"
          + "baseline: %s\n"
          + "now:      %s\n"
          + "roll it out in steps: 1. keep the version-%d spec as a copy under another name (the guard checks"
          + " it against the baseline) and lock both keys while any build of version %d runs"
          + " (VersionRollout.lockingBoth, docs/PURPOSES.md); 2. then lock version %d only and delete the"
          + " copy; refresh the layout baseline with each change (docs/OBSERVABILITY.md)"),
  NOT_IN_BASELINE(NOTE, "LockKeyNotInBaseline",
      "spec %s is not in the layout baseline %s, so a change of its layout is not caught yet; refresh the"
          + " baseline (docs/OBSERVABILITY.md)"),
  BASELINE_UNREADABLE(ERROR, "LockKeyBaseline",
      "cannot read the layout baseline %s named by -A" + Baseline.OPTION + ": %s; point the option at the"
          + " directory of committed manifests (copies of META-INF/lockkey/specs), by absolute path"),

  // The processor itself, reported on the spec.
  WRITE_FAILED(ERROR, "LockKeyWrite",
      "could not write %s: %s; check that the output directories are writable"),
  INTERNAL(ERROR, "LockKeyInternal",
      "lockkey-processor failed on spec %s with %s; this is a bug in lockkey-processor, please report it"
          + " with the spec"),

  // Records fingerprinted as @Hashed identity fields or through @Fingerprinted: on the field or the record.
  RECORD_WITHOUT_HASHED(ERROR, "LockKeyFieldType",
      "identity field %s() has type %s, a record, which has no canonical text; add @Hashed to make its"
          + " segment the fingerprint of its canonical JSON, or declare its parts as identity fields"),
  RECORD_IN_CONTAINER(ERROR, "LockKeyFieldType",
      "identity field %s() has type %s; a record is a field only on its own, with @Hashed; hash one record"
          + " that holds the Optional or collection instead"),
  FINGERPRINT_FLOATING_POINT(ERROR, "LockKeyFingerprint",
      "record %s member %s has type %s; binary floating point is no identity (0.1 + 0.2 != 0.3), so equal"
          + " payloads could fingerprint apart; use long (minor units) or BigDecimal, or mark the member"
          + " @NotInFingerprint"),
  FINGERPRINT_INSTANT(ERROR, "LockKeyFingerprint",
      "record %s member %s has type %s; a raw timestamp makes every retry of a request another"
          + " fingerprint; mark it @NotInFingerprint (a client or trace time), or use LocalDate"),
  FINGERPRINT_MAP_KEY(ERROR, "LockKeyFingerprint",
      "record %s member %s has type %s; JSON member names are strings; use Map<String, T>"),
  FINGERPRINT_TYPE(ERROR, "LockKeyFingerprint",
      "record %s member %s has type %s, which has no canonical JSON; use String, byte, short, int, long,"
          + " boolean or their boxes, UUID, an enum, BigDecimal, LocalDate, YearMonth, a record, a List, Set"
          + " or Map<String, T> of those, or an Optional of one as the member's own type; or mark the member"
          + " @NotInFingerprint"),
  FINGERPRINT_GENERIC(ERROR, "LockKeyFingerprint",
      "record %s declares type parameters <%s>; its canonical JSON is generated once, so its member types"
          + " must be concrete; remove the type parameters"),
  FINGERPRINT_ACCESS(ERROR, "LockKeyFingerprint",
      "record %s is %s; the generated %s in the same package must read it; make the record and every type"
          + " enclosing it at least package-private"),
  FINGERPRINTED_NOT_RECORD(ERROR, "LockKeyFingerprint",
      "@Fingerprinted %s is %s; canonical JSON is generated for records only; declare it as a record");

  private final MessageText text;

  Message(Diagnostic.Kind kind, String id, String template) {
    this.text = new MessageText(kind, id, template);
  }

  @Override
  public MessageText text() {
    return text;
  }
}
