package dev.lockkey.reliability.specs;

import dev.lockkey.CaseInsensitive;
import dev.lockkey.Hashed;
import dev.lockkey.LockKeySpec;
import dev.lockkey.MaxLength;
import dev.lockkey.Unordered;
import dev.lockkey.Verbatim;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Routing one parcel: a spec with every kind of text field, so that hostile input meets each
 * canonicalisation (plain, case-insensitive, verbatim, optional, ordered and unordered
 * collections, length-limited, digested).
 */
@LockKeySpec(domain = "parcel", action = "route")
public interface ParcelRoute {
  String carrier();

  @CaseInsensitive
  String depot();

  @Verbatim
  Optional<String> note();

  List<String> stops();

  @Unordered
  Set<String> tags();

  @MaxLength(24)
  String label();

  @Hashed
  String manifest();

  long parcel();
}
