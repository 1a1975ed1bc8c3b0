package dev.lockkey.processor;

/** What a field's value is, which decides its canonical text (KEY-FORMAT.md, "Canonical text by type"). */
enum ScalarKind {
  STRING,
  /** {@code byte}, {@code short}, {@code int}, {@code long} and their boxes. */
  INTEGRAL,
  /** {@code boolean} and {@code Boolean}. */
  BOOLEAN,
  UUID,
  ENUM,
  /** {@code BigDecimal}. */
  DECIMAL,
  LOCAL_DATE,
  YEAR_MONTH,
  /** {@code Instant}, always with a {@code @Window}. */
  INSTANT,
  /** {@code byte[]}, always with {@code @Hashed} or {@code @Secret}. */
  BYTES,
  /** A record, always with {@code @Hashed}: the fingerprint of its canonical JSON ({@link RecordModel}). */
  RECORD
}
