package dev.lockkey.processor.specs;

import dev.lockkey.Hashed;
import dev.lockkey.LockKeySpec;
import dev.lockkey.NotInFingerprint;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/** A request payload as a key's fingerprint: equal requests are one key, whatever their trace ids. */
@LockKeySpec(domain = "order", action = "place")
public interface OrderPlacement {
  String tenant();

  @Hashed
  Request request();

  /** What the client sent; only {@code traceId} differs between its retries. */
  record Request(
      UUID customer,
      List<Line> lines,
      BigDecimal total,
      Optional<String> note,
      Map<String, List<String>> attributes,
      Set<Channel> channels,
      LocalDate deliveryDate,
      boolean gift,
      Long loyaltyNumber,
      @NotInFingerprint String traceId) {}

  /** One line of the order. */
  record Line(String sku, int quantity) {}

  /** Where the order came from. */
  enum Channel { WEB, APP }
}
