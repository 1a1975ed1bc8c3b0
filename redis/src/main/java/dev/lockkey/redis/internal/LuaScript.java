package dev.lockkey.redis.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import dev.lockkey.redis.connection.RedisClientException;
import dev.lockkey.redis.connection.RedisConnection;

/**
 * A Lua script shipped as a {@code .lua} resource of this package, run by EVALSHA and, when the
 * server does not know it yet (NOSCRIPT: first use, restart, failover), by EVAL, which also caches
 * it on that node, through the {@link RedisConnection} port. Not API. Immutable and thread-safe.
 *
 * <p>A routine that several scripts run is written once, as a fragment in {@code include/}, and
 * assembled into each of them when they load: a line {@code --#include <name>} is replaced by the
 * text of {@code include/<name>.lua} (Redis runs one self-contained text per script). The release
 * and handoff scripts share the hand-over routine this way ({@code include/handover.lua}).
 */
public final class LuaScript {
  /** A line that this prefix starts is replaced by the fragment it names. */
  static final String INCLUDE = "--#include ";

  private final String name;
  private final String source;
  private final String sha1;

  private LuaScript(String name, String source) {
    this.name = name;
    this.source = source;
    this.sha1 = sha1Hex(source);
  }

  /** Loads {@code /dev/lockkey/redis/<name>.lua} from the class path, with its includes. */
  public static LuaScript load(String name) {
    StringBuilder source = new StringBuilder();
    for (String line : resource(name).split("\n", -1)) {
      if (!source.isEmpty()) {
        source.append('\n');
      }
      if (line.startsWith(INCLUDE)) {
        String fragment = resource("include/" + line.substring(INCLUDE.length()).strip());
        source.append(fragment.endsWith("\n") ? fragment.substring(0, fragment.length() - 1) : fragment);
      } else {
        source.append(line);
      }
    }
    return new LuaScript(name, source.toString());
  }

  /** The text of {@code /dev/lockkey/redis/<name>.lua}, as shipped (a fragment's includes are not expanded). */
  static String resource(String name) {
    String resource = "/dev/lockkey/redis/" + name + ".lua";
    try (InputStream in = LuaScript.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing script resource " + resource);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read script resource " + resource, e);
    }
  }

  /** The script's name, e.g. {@code acquire}. */
  public String name() {
    return name;
  }

  /** The script's text, for EVAL. */
  public String source() {
    return source;
  }

  /** The SHA-1 that EVALSHA uses. */
  public String sha1() {
    return sha1;
  }

  /**
   * Runs the script. In a cluster all {@code keys} must share one slot (one hash tag).
   *
   * @return what the script returned (Long, String, List, null)
   * @throws RedisClientException when Redis failed
   */
  public Object run(RedisConnection redis, List<String> keys, List<String> args) {
    return redis.evalsha(sha1, source, keys, args);
  }

  /**
   * Runs the script with binary keys and arguments, e.g. values encoded by a codec. In a cluster
   * all {@code keys} must share one slot (one hash tag).
   *
   * @return what the script returned, with bulk strings as byte[]
   * @throws RedisClientException when Redis failed
   */
  public Object runBinary(RedisConnection redis, List<byte[]> keys, List<byte[]> args) {
    return redis.evalshaBinary(sha1, source, keys, args);
  }

  @Override
  public String toString() {
    return "LuaScript[" + name + "]";
  }

  private static String sha1Hex(String source) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-1");
      return HexFormat.of().formatHex(digest.digest(source.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-1 is required by the JVM specification", e);
    }
  }
}
