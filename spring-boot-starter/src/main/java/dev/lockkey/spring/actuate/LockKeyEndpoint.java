package dev.lockkey.spring.actuate;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.SpecDescriptor;
import dev.lockkey.observe.DecodedField;
import dev.lockkey.observe.DecodedKey;
import dev.lockkey.observe.HotKey;
import dev.lockkey.observe.HotKeys;
import dev.lockkey.observe.KeyDecoder;
import dev.lockkey.redis.ExecutorStats;
import dev.lockkey.redis.RedisLockExecutor;
import java.util.List;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.WriteOperation;

/**
 * The {@code lockkey} Actuator endpoint: {@code GET /actuator/lockkey} lists the executor's
 * state, the key specs the application knows (from the layout manifests in its jars) with their
 * layouts, and the most contended keys; {@code POST /actuator/lockkey} with {@code {"key": "lock:prod:{...}"}} decodes
 * a key an operator found in Redis into its spec and field values. Expose it like any endpoint
 * ({@code management.endpoints.web.exposure.include=health,lockkey}). Hot keys show a hash of
 * their body, never the body, as in logs; decoding shows what the key itself holds.
 */
@Endpoint(id = "lockkey")
public class LockKeyEndpoint {
  /** How many hot keys the report lists. */
  static final int HOT_KEYS_REPORTED = 10;

  private final RedisLockExecutor executor;
  private final KeyDecoder decoder;
  private final HotKeys hotKeys;

  /**
   * An endpoint reporting on {@code executor}.
   *
   * @param executor the lock executor whose key space and state are reported
   * @param decoder decodes keys into their specs and field values; its specs are reported
   * @param hotKeys the sampler whose hottest keys are reported
   */
  public LockKeyEndpoint(RedisLockExecutor executor, KeyDecoder decoder, HotKeys hotKeys) {
    this.executor = executor;
    this.decoder = decoder;
    this.hotKeys = hotKeys;
  }

  /** {@return the key space, the known specs and the hottest keys} */
  @ReadOperation
  public Report report() {
    List<Spec> specs = decoder.specs().stream().map(Spec::of).toList();
    List<Hot> hot = hotKeys.top(HOT_KEYS_REPORTED).stream().map(Hot::of).toList();
    return new Report(executor.keyspace().env(), executor.stats(), specs, new HotKeysReport(hotKeys.total(), hot));
  }

  /**
   * What a key holds: its purpose, environment, spec and field values, or why it could not be
   * decoded.
   *
   * @param key a full key ({@code lock:prod:{payment:capture:v1:t42:98765}}) or a body
   * @return the decoded key, or the reason it could not be decoded
   */
  @WriteOperation
  public Decoded decode(String key) {
    return Decoded.of(decoder.decode(key));
  }

  /**
   * What {@code GET /actuator/lockkey} answers.
   *
   * @param environment the environment word of this application's keys
   * @param executor what the lock executor holds now: keys, waiting threads, leases, the subscriber
   * @param specs the specs whose manifests are on the class path
   * @param hotKeys the most contended keys since start
   */
  public record Report(String environment, ExecutorStats executor, List<Spec> specs, HotKeysReport hotKeys) {}

  /**
   * A spec and its layout.
   *
   * @param name the spec interface's qualified name
   * @param layout the body with one {@code {field}} per segment, e.g. {@code payment:capture:v1:{tenant}:{orderId}}
   * @param fields the identity fields in declaration order
   */
  public record Spec(String name, String domain, String action, int version, String layout, List<Field> fields) {
    static Spec of(SpecDescriptor spec) {
      return new Spec(spec.name(), spec.domain(), spec.action(), spec.version(), spec.layout(),
          spec.fields().stream().map(Field::of).toList());
    }
  }

  /**
   * An identity field.
   *
   * @param modifiers its annotations as the manifest records them, e.g. {@code secret}, {@code maxLength=64}
   */
  public record Field(String name, String type, List<String> modifiers) {
    static Field of(FieldDescriptor field) {
      return new Field(field.name(), field.type(), field.modifiers());
    }
  }

  /**
   * Contention counts.
   *
   * @param contentions every contention seen since start
   * @param top the most contended keys, most first
   */
  public record HotKeysReport(long contentions, List<Hot> top) {}

  /**
   * A hot key, named by its spec and the short hash of its body.
   *
   * @param overestimate how many of the contentions may belong to other keys
   */
  public record Hot(String spec, String hash, long contentions, long overestimate) {
    static Hot of(HotKey key) {
      return new Hot(key.spec().name(), key.hash(), key.contentions(), key.overestimate());
    }
  }

  /**
   * A decoded key.
   *
   * @param outcome {@code DECODED}, {@code UNKNOWN_LAYOUT}, {@code AMBIGUOUS} or {@code NOT_A_KEY}
   * @param spec the spec's qualified name when decoded
   * @param fields the field values when decoded, as {@code DecodedField#display()} shows them
   * @param candidates the specs that all render the body when ambiguous
   * @param reason why it was not decoded, else empty
   * @param report the decoder's report for people
   */
  public record Decoded(String input, String outcome, String purpose, String environment, String body, String spec,
      List<DecodedValue> fields, List<String> candidates, String reason, String report) {
    static Decoded of(DecodedKey key) {
      return new Decoded(key.input(), key.outcome().name(), key.purpose().orElse(null), key.env().orElse(null),
          key.body().orElse(null), key.spec().map(SpecDescriptor::name).orElse(null),
          key.fields().stream().map(DecodedValue::of).toList(), key.candidates(), key.reason(), key.toString());
    }
  }

  /**
   * A field of a decoded key.
   *
   * @param form {@code TEXT}, {@code ELEMENTS}, {@code ABSENT}, {@code SHA256} or {@code HMAC}
   * @param value the value for people, e.g. {@code t42} or {@code hmac:4ace...}
   */
  public record DecodedValue(String name, String type, String form, String value) {
    static DecodedValue of(DecodedField field) {
      return new DecodedValue(field.name(), field.type(), field.form().name(), field.display());
    }
  }
}
