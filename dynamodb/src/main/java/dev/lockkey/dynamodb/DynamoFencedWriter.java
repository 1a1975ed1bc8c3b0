package dev.lockkey.dynamodb;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * The fenced write on DynamoDB: sets attributes of an item in one conditional {@code UpdateItem}
 * that refuses a fencing token lower than the one the item was last written with. A holder whose
 * lease ran out (a long pause, a partition) and whose lock another holder took meanwhile carries a
 * lower token than that holder, so its late write is refused instead of overwriting the newer
 * one: the check that makes the lock safe where timing alone is not.
 *
 * <pre>{@code
 * DynamoFencedWriter payments = DynamoFencedWriter.on(dynamoDb, "payments");
 * try (Lease lease = locks.acquire(PaymentCaptureKey.of("t42", 98765))) {
 *   boolean written = payments.set(
 *       Map.of("id", AttributeValue.fromS("t42/98765")),
 *       Map.of("status", AttributeValue.fromS("captured")),
 *       lease.fencingToken());
 *   if (!written) {
 *     // a newer holder wrote the item: this lease was lost, and its work must not count
 *   }
 * }
 * }</pre>
 *
 * <p>The item keeps the token in {@value #DEFAULT_TOKEN_ATTRIBUTE} (or the attribute of
 * {@link #withTokenAttribute}) next to its own attributes; the condition is
 * {@code attribute_not_exists(token) OR token <= :token}. An equal token is accepted (one holder
 * may write several times), and a missing item is created. Guard an item with the tokens of one
 * lock key only: tokens of different keys are not ordered. A write costs what any
 * {@code UpdateItem} costs (a write capacity unit per KB of the item), a refused one too. Needs
 * {@code dynamodb:UpdateItem} on the item's table. The SDK's exceptions pass through unchanged; a
 * refusal is the answer {@code false}, never an exception. Immutable and thread-safe; the
 * {@link DynamoDbClient} stays the caller's.
 */
public final class DynamoFencedWriter {
  /** The attribute that holds the token of the item's last write, unless set otherwise. */
  public static final String DEFAULT_TOKEN_ATTRIBUTE = "fencing_token";

  private static final String TOKEN_NAME = "#lockkey_fence";
  private static final String TOKEN_VALUE = ":lockkey_fence";
  private static final String CONDITION =
      "attribute_not_exists(" + TOKEN_NAME + ") OR " + TOKEN_NAME + " <= " + TOKEN_VALUE;

  private final DynamoDbClient client;
  private final String table;
  private final String tokenAttribute;

  private DynamoFencedWriter(DynamoDbClient client, String table, String tokenAttribute) {
    this.client = client;
    this.table = table;
    this.tokenAttribute = tokenAttribute;
  }

  /**
   * A writer to the items of {@code table}, with the token in {@value #DEFAULT_TOKEN_ATTRIBUTE}.
   *
   * @param client the DynamoDB client; the caller keeps and closes it
   * @param table the table of the guarded items (any key schema)
   * @return the writer
   */
  public static DynamoFencedWriter on(DynamoDbClient client, String table) {
    return new DynamoFencedWriter(Objects.requireNonNull(client, "client"), Objects.requireNonNull(table, "table"),
        DEFAULT_TOKEN_ATTRIBUTE);
  }

  /**
   * This writer with the token kept in {@code attribute} instead.
   *
   * @param attribute the name of the item attribute (type N) that holds the token
   * @return a writer to the same table with that token attribute
   * @throws IllegalArgumentException when {@code attribute} is empty
   */
  public DynamoFencedWriter withTokenAttribute(String attribute) {
    if (Objects.requireNonNull(attribute, "attribute").isEmpty()) {
      throw new IllegalArgumentException("the token attribute must not be empty");
    }
    return new DynamoFencedWriter(client, table, attribute);
  }

  /**
   * Sets {@code attributes} of the item with {@code key}, and its token to {@code fencingToken},
   * unless the item was written with a higher token: one conditional {@code UpdateItem}.
   *
   * @param key the item's key attributes (partition key, and sort key if the table has one)
   * @param attributes the attributes to set, neither a key attribute nor the token attribute
   * @param fencingToken the writer's fencing token, e.g. {@code lease.fencingToken()}, at least 1
   * @return {@code true} when written; {@code false} when refused because the item holds a higher
   *     token: a newer holder wrote it, so the caller's lease was lost
   * @throws IllegalArgumentException when {@code key} is empty, {@code attributes} names a key
   *     attribute or the token attribute, or {@code fencingToken} is below 1
   * @throws software.amazon.awssdk.core.exception.SdkException as the SDK's {@code updateItem}
   *     (e.g. a missing table, throttling, no answer)
   */
  public boolean set(Map<String, AttributeValue> key, Map<String, AttributeValue> attributes, long fencingToken) {
    check(key, attributes, fencingToken);
    StringBuilder update = new StringBuilder("SET ");
    Map<String, String> names = new HashMap<>();
    Map<String, AttributeValue> values = new HashMap<>();
    int i = 0;
    for (Map.Entry<String, AttributeValue> attribute : attributes.entrySet()) {
      // placeholders, so that attribute names that are DynamoDB reserved words (status, name) work
      names.put("#a" + i, attribute.getKey());
      values.put(":a" + i, Objects.requireNonNull(attribute.getValue(), attribute.getKey()));
      update.append("#a").append(i).append(" = :a").append(i).append(", ");
      i++;
    }
    update.append(TOKEN_NAME).append(" = ").append(TOKEN_VALUE);
    names.put(TOKEN_NAME, tokenAttribute);
    values.put(TOKEN_VALUE, AttributeValue.fromN(Long.toString(fencingToken)));
    try {
      client.updateItem(request -> request
          .tableName(table)
          .key(key)
          .updateExpression(update.toString())
          .conditionExpression(CONDITION)
          .expressionAttributeNames(names)
          .expressionAttributeValues(values));
      return true;
    } catch (ConditionalCheckFailedException newerHolderWrote) {
      return false;
    }
  }

  @Override
  public String toString() {
    return "DynamoFencedWriter[" + table + ", token in " + tokenAttribute + "]";
  }

  private void check(Map<String, AttributeValue> key, Map<String, AttributeValue> attributes, long fencingToken) {
    if (Objects.requireNonNull(key, "key").isEmpty()) {
      throw new IllegalArgumentException("the item's key must name at least its partition key");
    }
    for (String name : Objects.requireNonNull(attributes, "attributes").keySet()) {
      if (name.equals(tokenAttribute)) {
        throw new IllegalArgumentException("attributes must not set the token attribute " + tokenAttribute
            + ": the writer sets it to the fencing token");
      }
      if (key.containsKey(name)) {
        throw new IllegalArgumentException("attributes must not set the key attribute " + name
            + ": DynamoDB does not update an item's key");
      }
    }
    if (fencingToken < 1) {
      throw new IllegalArgumentException("fencingToken must be at least 1 (a lease's token is), was " + fencingToken);
    }
  }
}
