package dev.lockkey.processor;

/**
 * Qualified names of the runtime types that the processor reads and generated code uses. The
 * processor names them as strings and never loads them: {@code lockkey-core} is not on the
 * processor path.
 */
final class Names {
  static final String RUNTIME_PACKAGE = "dev.lockkey";
  static final String FORMAT_PACKAGE = "dev.lockkey.format";

  static final String LOCK_KEY_SPEC = "dev.lockkey.LockKeySpec";
  static final String HASHED = "dev.lockkey.Hashed";
  static final String SECRET = "dev.lockkey.Secret";
  static final String UNORDERED = "dev.lockkey.Unordered";
  static final String ONE_RESOURCE = "dev.lockkey.OneResource";
  static final String WINDOW = "dev.lockkey.Window";
  static final String CASE_INSENSITIVE = "dev.lockkey.CaseInsensitive";
  static final String VERBATIM = "dev.lockkey.Verbatim";
  static final String MAX_LENGTH = "dev.lockkey.MaxLength";
  static final String NOT_IN_FINGERPRINT = "dev.lockkey.NotInFingerprint";
  static final String FINGERPRINTED = "dev.lockkey.Fingerprinted";

  static final String LOCK_KEY = "dev.lockkey.LockKey";
  static final String SPEC_DESCRIPTOR = "dev.lockkey.SpecDescriptor";
  static final String FIELD_DESCRIPTOR = "dev.lockkey.FieldDescriptor";
  static final String KEY_SECRET = "dev.lockkey.KeySecret";
  static final String INVALID_KEY_EXCEPTION = "dev.lockkey.InvalidKeyException";
  static final String KEY_FORMAT = "dev.lockkey.format.KeyFormat";
  static final String FIELD_FORMAT = "dev.lockkey.format.FieldFormat";
  static final String CANONICAL_JSON = "dev.lockkey.format.CanonicalJson";

  /** {@code @Generated} since Java 9; absent when compiling for Java 8, then generated code goes without it. */
  static final String GENERATED = "javax.annotation.processing.Generated";

  /** The {@code @SuppressWarnings} value that silences this processor's warnings. */
  static final String SUPPRESSION = "lockkey";

  private Names() {}

  /** The simple name of a qualified one, e.g. {@code Hashed} for {@code dev.lockkey.Hashed}. */
  static String simpleName(String qualifiedName) {
    return qualifiedName.substring(qualifiedName.lastIndexOf('.') + 1);
  }
}
