package dev.lockkey.processor.fingerprints;

import dev.lockkey.Fingerprinted;
import dev.lockkey.NotInFingerprint;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** A request payload with its members in one order; {@link Backward} declares the same members in reverse. */
@Fingerprinted
public record Forward(
    String name,
    int age,
    BigDecimal amount,
    Optional<String> note,
    List<Long> numbers,
    Set<String> tags,
    Map<String, Integer> scores,
    @NotInFingerprint String traceId) {}
