package dev.lockkey.processor.specs;

import dev.lockkey.Hashed;
import dev.lockkey.LockKeySpec;
import dev.lockkey.MaxLength;
import dev.lockkey.Secret;
import dev.lockkey.Verbatim;
import dev.lockkey.Window;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Every kind of field at once, required and optional, so that each one's generated code runs. */
@LockKeySpec(domain = "inventory", action = "reserve")
public interface InventoryReservation {
  /** Where the stock is. */
  enum Zone { NORTH, SOUTH }

  UUID warehouse();

  Zone zone();

  int bin();

  Short shelf();

  boolean express();

  LocalDate day();

  YearMonth period();

  @Window(size = 5, unit = ChronoUnit.MINUTES)
  Instant at();

  List<Long> skus();

  Optional<String> batch();

  @Hashed
  byte[] manifest();

  @Secret
  Optional<String> customer();

  @Verbatim
  @MaxLength(8)
  String label();

  /** Not an identity field: default methods are skipped. */
  default String describe() {
    return zone() + "/" + bin();
  }
}
