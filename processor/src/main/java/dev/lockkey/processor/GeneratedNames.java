package dev.lockkey.processor;

import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * The names of what the processors generate, each rule in one place: the spec processor that
 * writes a key class and the guard processor that calls it derive its name alike.
 */
final class GeneratedNames {
  /** {@code PaymentCapture} gets {@code PaymentCaptureKey}; a guarded method {@code capture}, {@code captureKey}. */
  private static final String KEY_SUFFIX = "Key";
  /** {@code CaptureRequest} gets {@code CaptureRequestFingerprint}. */
  private static final String FINGERPRINT_SUFFIX = "Fingerprint";
  /** {@code PaymentService} gets {@code PaymentServiceGuards}, as {@code MethodGuards.SUFFIX}. */
  private static final String GUARDS_SUFFIX = "Guards";

  private GeneratedNames() {}

  /** The key class of a spec, e.g. {@code PaymentCaptureKey}: a top-level class in its package, also for a nested spec. */
  static TypeRef.Declared keyClass(TypeRef.Declared spec) {
    return spec.sibling(keyClassName(spec.simpleNames().get(spec.simpleNames().size() - 1)));
  }

  /** The simple name of the key class of the spec named {@code specSimpleName}. */
  static String keyClassName(CharSequence specSimpleName) {
    return specSimpleName + KEY_SUFFIX;
  }

  /** The fingerprint class of a record, in its package: nested names joined, e.g. {@code OrderRequestFingerprint}. */
  static TypeRef.Declared fingerprintClass(TypeRef.Declared record) {
    return record.sibling(String.join("", record.simpleNames()) + FINGERPRINT_SUFFIX);
  }

  /** {@code PaymentServiceGuards} for {@code PaymentService}, {@code Outer_InnerGuards} for a nested class. */
  static String guardsClassName(TypeElement type) {
    StringBuilder name = new StringBuilder(type.getSimpleName());
    for (Element e = type.getEnclosingElement(); e instanceof TypeElement outer; e = outer.getEnclosingElement()) {
      name.insert(0, outer.getSimpleName() + "_");
    }
    return name + GUARDS_SUFFIX;
  }

  /**
   * The key factory of a guarded method: {@code captureKey} for {@code capture}; the {@code n}th
   * overload gets {@code captureKey2}, {@code captureKey3}, ...
   *
   * @param overload 1 for the first method of that name
   */
  static String keyMethodName(String methodName, int overload) {
    return methodName + KEY_SUFFIX + (overload == 1 ? "" : Integer.toString(overload));
  }
}
