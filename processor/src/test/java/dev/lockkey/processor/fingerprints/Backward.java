package dev.lockkey.processor.fingerprints;

import dev.lockkey.Fingerprinted;
import dev.lockkey.NotInFingerprint;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** {@link Forward}'s members in reverse order: the same canonical JSON. */
@Fingerprinted
public record Backward(
    @NotInFingerprint String traceId,
    Map<String, Integer> scores,
    Set<String> tags,
    List<Long> numbers,
    Optional<String> note,
    BigDecimal amount,
    int age,
    String name) {}
