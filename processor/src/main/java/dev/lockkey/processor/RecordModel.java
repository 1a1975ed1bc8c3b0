package dev.lockkey.processor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One record whose canonical JSON and fingerprint the processor generates, as plain data.
 *
 * @param record the record type
 * @param visible whether the record and every type enclosing it are public, so that its
 *     fingerprint class may be public too
 * @param members the members written, sorted by name in UTF-16 code units ({@code String}
 *     order), as RFC 8785 sorts them
 * @param excluded the {@code @NotInFingerprint} members, in declaration order
 */
record RecordModel(TypeRef.Declared record, boolean visible, List<Member> members, List<String> excluded) {

  /**
   * One member of the canonical JSON.
   *
   * @param name the record component's name: the JSON member name and the accessor
   */
  record Member(String name, JsonType type) {}

  RecordModel {
    List<Member> sorted = new ArrayList<>(members);
    sorted.sort(Comparator.comparing(Member::name));
    members = List.copyOf(sorted);
    excluded = List.copyOf(excluded);
  }

  /** This record's fingerprint class. */
  TypeRef.Declared fingerprint() {
    return GeneratedNames.fingerprintClass(record);
  }

  /** The record's name in messages and Javadoc, e.g. {@code Order.Line}. */
  String displayName() {
    return String.join(".", record.simpleNames());
  }

  /** The fingerprint class's qualified name, for the filer. */
  String qualifiedFingerprintName() {
    return fingerprint().qualifiedName();
  }
}
