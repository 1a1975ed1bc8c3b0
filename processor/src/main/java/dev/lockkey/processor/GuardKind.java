package dev.lockkey.processor;

/** Which guard annotation a method carries, with its qualified name. */
enum GuardKind {
  LOCKED(GuardNames.LOCKED),
  SINGLE_FLIGHTED(GuardNames.SINGLE_FLIGHTED),
  RATE_LIMITED(GuardNames.RATE_LIMITED),
  IDEMPOTENT(GuardNames.IDEMPOTENT),
  SCHEDULED_JOB(GuardNames.SCHEDULED_JOB),
  PERMITTED(GuardNames.PERMITTED),
  READ_LOCKED(GuardNames.READ_LOCKED),
  WRITE_LOCKED(GuardNames.WRITE_LOCKED);

  private final String annotation;

  GuardKind(String annotation) {
    this.annotation = annotation;
  }

  /** The annotation's qualified name. */
  String annotation() {
    return annotation;
  }

  /** The annotation as written, e.g. {@code @Locked}. */
  String display() {
    return "@" + Names.simpleName(annotation);
  }
}
