package dev.lockkey.format;

import static org.assertj.core.api.Assertions.assertThat;

import dev.lockkey.RandomCases;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Seeded properties of canonical JSON ({@link RandomCases}: a failure prints the seed): equal
 * values give one text and one fingerprint, whatever order their members come in and however
 * their numbers are scaled.
 */
class CanonicalJsonPropertiesTest {
  private static final String[] NAMES = {"a", "b", "ab", "B", "é", "e\u0301x", "\u20ac", "😀", "1", "\r", "z"};

  /** Writes a tree of maps, lists, strings, longs, decimals and booleans, as generated writers compose. */
  private static void tree(CanonicalJson json, Object value) {
    if (value instanceof Map<?, ?> map) {
      @SuppressWarnings("unchecked")
      Map<String, Object> members = (Map<String, Object>) map;
      json.map(members, CanonicalJsonPropertiesTest::tree);
    } else if (value instanceof List<?> list) {
      json.list(list, CanonicalJsonPropertiesTest::tree);
    } else if (value instanceof String text) {
      json.string(text);
    } else if (value instanceof Long number) {
      json.integral(number);
    } else if (value instanceof BigDecimal decimal) {
      json.decimal(decimal);
    } else {
      json.bool((Boolean) value);
    }
  }

  private static Object randomTree(Random random, int depth) {
    int kind = random.nextInt(depth > 3 ? 4 : 6);
    return switch (kind) {
      case 0 -> NAMES[random.nextInt(NAMES.length)] + random.nextInt(3);
      case 1 -> random.nextLong();
      case 2 -> BigDecimal.valueOf(random.nextInt(), random.nextInt(20) - 10);
      case 3 -> random.nextBoolean();
      case 4 -> {
        Map<String, Object> map = new LinkedHashMap<>();
        int size = random.nextInt(5);
        for (int i = 0; i < size; i++) {
          // names unique in NFC: "é" and "e\u0301x" differ by the x
          map.put(NAMES[random.nextInt(NAMES.length)], randomTree(random, depth + 1));
        }
        yield map;
      }
      default -> {
        List<Object> list = new ArrayList<>();
        int size = random.nextInt(4);
        for (int i = 0; i < size; i++) {
          list.add(randomTree(random, depth + 1));
        }
        yield list;
      }
    };
  }

  /** An equal tree in new objects: maps in another member order, decimals in another scale. */
  private static Object shuffledCopy(Object value, Random random) {
    if (value instanceof Map<?, ?> map) {
      List<Map.Entry<?, ?>> entries = new ArrayList<>(map.entrySet());
      Collections.shuffle(entries, random);
      Map<Object, Object> copy = new LinkedHashMap<>();
      entries.forEach(entry -> copy.put(new String((String) entry.getKey()), shuffledCopy(entry.getValue(), random)));
      return copy;
    }
    if (value instanceof List<?> list) {
      return list.stream().map(element -> shuffledCopy(element, random)).toList();
    }
    if (value instanceof BigDecimal decimal) {
      return decimal.setScale(decimal.scale() + random.nextInt(3));
    }
    return value;
  }

  @Test
  void memberOrderAndDecimalScaleNeverChangeTheFingerprint() {
    RandomCases.forAll("canonical JSON ignores member order", random -> {
      Map<String, Object> root = new LinkedHashMap<>();
      root.put("payload", randomTree(random, 0));
      return List.of(root, shuffledCopy(root, random));
    }, pair -> {
      String first = CanonicalJson.write("Tree", pair.get(0), CanonicalJsonPropertiesTest::tree);
      String second = CanonicalJson.write("Tree", pair.get(1), CanonicalJsonPropertiesTest::tree);
      assertThat(second).isEqualTo(first);
      assertThat(CanonicalJson.fingerprint(second)).isEqualTo(CanonicalJson.fingerprint(first));
    });
  }
}
