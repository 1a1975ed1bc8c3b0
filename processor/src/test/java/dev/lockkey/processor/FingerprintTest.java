package dev.lockkey.processor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.InvalidKeyException;
import dev.lockkey.processor.fingerprints.Backward;
import dev.lockkey.processor.fingerprints.BackwardFingerprint;
import dev.lockkey.processor.fingerprints.Forward;
import dev.lockkey.processor.fingerprints.ForwardFingerprint;
import dev.lockkey.processor.fingerprints.Person;
import dev.lockkey.processor.fingerprints.PersonFingerprint;
import dev.lockkey.processor.specs.OrderPlacement;
import dev.lockkey.processor.specs.OrderPlacementKey;
import dev.lockkey.processor.specs.OrderPlacementRequestFingerprint;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Generated fingerprint classes, called as plain code: the key format's vectors, {@code @Hashed}
 * record fields, {@code @NotInFingerprint}, and a seeded property: equal records give one
 * fingerprint whatever order their members are declared or filled in.
 */
class FingerprintTest {
  /** Override with {@code -Dlockkey.seed=N}; a failure prints the seed it ran with. */
  private static final long SEED = Long.getLong("lockkey.seed", 20_260_421L);
  private static final int CASES = 2000;

  private static OrderPlacement.Request request(String traceId) {
    Map<String, List<String>> attributes = new LinkedHashMap<>();
    attributes.put("gift-wrap", List.of("red", "Cafe\u0301"));
    attributes.put("door", List.of());
    return new OrderPlacement.Request(
        UUID.fromString("0b9a3c5e-8f41-4c7e-9d2a-6f1e3b5a7c90"),
        List.of(new OrderPlacement.Line("A-1", 2), new OrderPlacement.Line("B-7", 1)),
        new BigDecimal("120.50"),
        Optional.empty(),
        attributes,
        new LinkedHashSet<>(List.of(OrderPlacement.Channel.WEB, OrderPlacement.Channel.APP)),
        LocalDate.of(2026, 4, 13),
        false,
        42L,
        traceId);
  }

  @Test
  void membersAreSortedWhateverTheirDeclarationOrder() {
    assertThat(PersonFingerprint.canonicalJson(new Person("Tom", 20))).isEqualTo("{\"age\":20,\"name\":\"Tom\"}");
    assertThat(PersonFingerprint.of(new Person("Tom", 20))).isEqualTo("2ef326fa68203cb0646373727b626428");
  }

  @Test
  void aRequestRecordHasOneCanonicalJson() {
    assertThat(OrderPlacementRequestFingerprint.canonicalJson(request("trace-1"))).isEqualTo(
        "{\"attributes\":{\"door\":[],\"gift-wrap\":[\"red\",\"Café\"]},\"channels\":[\"APP\",\"WEB\"],"
            + "\"customer\":\"0b9a3c5e-8f41-4c7e-9d2a-6f1e3b5a7c90\",\"deliveryDate\":\"2026-04-13\",\"gift\":false,"
            + "\"lines\":[{\"quantity\":2,\"sku\":\"A-1\"},{\"quantity\":1,\"sku\":\"B-7\"}],\"loyaltyNumber\":42,"
            + "\"total\":120.5}");
  }

  @Test
  void aHashedRecordFieldIsItsFingerprintAndTraceIdsDoNotCount() {
    OrderPlacementKey first = OrderPlacementKey.of("t42", request("trace-1"));
    OrderPlacementKey retry = OrderPlacementKey.of("t42", request("trace-2"));
    String fingerprint = OrderPlacementRequestFingerprint.of(request("trace-3"));
    assertThat(first).isEqualTo(retry);
    assertThat(first.canonical()).isEqualTo("order:place:v1:t42:" + fingerprint);
    assertThat(first.request().traceId()).isEqualTo("trace-1");
    assertThat(first.toString()).isEqualTo("OrderPlacementKey[tenant=t42, request=" + fingerprint + "]");
  }

  @Test
  void aNullInsideTheRecordNamesTheFieldAndTheMember() {
    OrderPlacement.Request request = request("t");
    OrderPlacement.Request broken = new OrderPlacement.Request(request.customer(),
        List.of(new OrderPlacement.Line(null, 1)), request.total(), request.note(), request.attributes(),
        request.channels(), request.deliveryDate(), request.gift(), request.loyaltyNumber(), "t");
    assertThatThrownBy(() -> OrderPlacementKey.of("t42", broken))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessage("OrderPlacement.request.lines[0].sku [null]: is null; only an absent Optional member may be left out")
        .satisfies(e -> assertThat(((InvalidKeyException) e).field()).isEqualTo("request.lines[0].sku"));
    assertThatThrownBy(() -> OrderPlacementKey.of("t42", null))
        .isInstanceOf(InvalidKeyException.class)
        .hasMessageContaining("request [null]");
  }

  @Test
  void equalRecordsGiveOneFingerprintWhateverTheMemberOrder() {
    Random random = new Random(SEED);
    for (int i = 1; i <= CASES; i++) {
      Forward forward = randomForward(random);
      Backward backward = new Backward("trace-" + random.nextInt(), reordered(forward.scores(), random),
          reordered(forward.tags(), random), new ArrayList<>(forward.numbers()), forward.note(),
          forward.amount().setScale(forward.amount().scale() + random.nextInt(3)), forward.age(), forward.name());
      Forward copy = new Forward(new String(forward.name()), forward.age(), forward.amount(), forward.note(),
          List.copyOf(forward.numbers()), reordered(forward.tags(), random), reordered(forward.scores(), random),
          "another-trace");
      String expected = ForwardFingerprint.of(forward);
      String context = "case " + i + " with seed " + SEED + " (rerun with -Dlockkey.seed=" + SEED + "): " + forward;
      assertThat(ForwardFingerprint.of(copy)).as(context).isEqualTo(expected);
      assertThat(BackwardFingerprint.of(backward)).as(context).isEqualTo(expected);
      assertThat(BackwardFingerprint.canonicalJson(backward)).as(context)
          .isEqualTo(ForwardFingerprint.canonicalJson(forward));
    }
  }

  private static Forward randomForward(Random random) {
    String[] words = {"a", "B", "é", "e\u0301", "租", "😀", "\"", "\\", "\n", " x "};
    List<Long> numbers = new ArrayList<>();
    Set<String> tags = new LinkedHashSet<>();
    Map<String, Integer> scores = new LinkedHashMap<>();
    for (int i = random.nextInt(4); i > 0; i--) {
      numbers.add(random.nextLong());
      tags.add(words[random.nextInt(words.length)]);
      scores.put(words[random.nextInt(5)] + i, random.nextInt()); // no two keys equal in NFC
    }
    return new Forward(words[random.nextInt(words.length)], random.nextInt(),
        BigDecimal.valueOf(random.nextLong(), random.nextInt(12) - 4),
        random.nextBoolean() ? Optional.empty() : Optional.of(words[random.nextInt(words.length)]),
        numbers, tags, scores, "trace-" + random.nextInt());
  }

  private static <T> Set<T> reordered(Set<T> values, Random random) {
    List<T> list = new ArrayList<>(values);
    java.util.Collections.shuffle(list, random);
    return new LinkedHashSet<>(list);
  }

  private static <V> Map<String, V> reordered(Map<String, V> values, Random random) {
    List<String> keys = new ArrayList<>(values.keySet());
    java.util.Collections.shuffle(keys, random);
    Map<String, V> copy = new HashMap<>();
    keys.forEach(key -> copy.put(key, values.get(key)));
    return copy;
  }
}
