package dev.lockkey.reliability;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import redis.clients.jedis.UnifiedJedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * Every key of a server with its value, as text: strings and hashes as their bytes (ISO-8859-1,
 * one character per byte, so that no byte sequence is lost), other types by their members.
 */
final class RedisContents {
  private RedisContents() {}

  /** One line per key: its name, its type and its value. */
  static List<String> of(UnifiedJedis jedis) {
    List<String> lines = new ArrayList<>();
    for (String key : keys(jedis, "*")) {
      byte[] name = key.getBytes(StandardCharsets.UTF_8);
      String type = jedis.type(key);
      String value = switch (type) {
        case "string" -> bytes(jedis.get(name));
        case "hash" -> hash(jedis.hgetAll(name));
        case "list" -> jedis.lrange(key, 0, -1).toString();
        case "set" -> jedis.smembers(key).toString();
        case "zset" -> jedis.zrangeWithScores(key, 0, -1).toString();
        case "none" -> ""; // expired since the scan
        default -> throw new AssertionError("unexpected type " + type + " of " + key);
      };
      lines.add(key + " (" + type + ") " + value);
    }
    return lines;
  }

  /** The keys matching a glob {@code pattern}, scanned in pages. */
  static List<String> keys(UnifiedJedis jedis, String pattern) {
    List<String> keys = new ArrayList<>();
    ScanParams match = new ScanParams().match(pattern).count(1000);
    String cursor = ScanParams.SCAN_POINTER_START;
    do {
      ScanResult<String> page = jedis.scan(cursor, match);
      keys.addAll(page.getResult());
      cursor = page.getCursor();
    } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    return keys;
  }

  private static String hash(Map<byte[], byte[]> fields) {
    StringBuilder text = new StringBuilder();
    fields.forEach((field, value) -> text.append(bytes(field)).append('=').append(bytes(value)).append(' '));
    return text.toString();
  }

  private static String bytes(byte[] bytes) {
    return bytes == null ? "" : new String(bytes, StandardCharsets.ISO_8859_1);
  }
}
