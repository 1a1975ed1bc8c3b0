package dev.lockkey.observe;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.SpecDescriptor;
import dev.lockkey.format.FieldFormat;
import dev.lockkey.format.KeyFormat;
import java.time.Duration;
import java.util.List;

/** Specs as generated code describes them in its {@code SPEC} constants, and bodies rendered as generated code renders them. */
final class TestSpecs {
  static final SpecDescriptor PAYMENT_CAPTURE = new SpecDescriptor(
      "com.acme.PaymentCapture", "payment", "capture", 1, "payment:capture:v1:{tenant}:{orderId}",
      List.of(FieldDescriptor.of("tenant", "java.lang.String"), FieldDescriptor.of("orderId", "long")));

  static final SpecDescriptor ORDER_STATE = new SpecDescriptor(
      "com.acme.OrderState", "order", "state", 2, "order:state:v2:{name}:{code}",
      List.of(FieldDescriptor.of("name", "java.lang.String"),
          FieldDescriptor.of("code", "java.lang.String").withCaseInsensitive().withMaxLength(8)));

  static final SpecDescriptor PHONE_VERIFICATION = new SpecDescriptor(
      "com.acme.PhoneVerification", "phone", "verify", 1, "phone:verify:v1:{tenant}:{phone}",
      List.of(FieldDescriptor.of("tenant", "java.lang.String"), FieldDescriptor.of("phone", "java.lang.String").withSecret()));

  static final SpecDescriptor DOCUMENT_SUMMARY = new SpecDescriptor(
      "com.acme.DocumentSummary", "document", "summary", 1, "document:summary:v1:{batch}:{content}",
      List.of(FieldDescriptor.of("batch", "java.util.Optional<java.lang.String>"),
          FieldDescriptor.of("content", "java.lang.String").withHashed()));

  static final SpecDescriptor ACCOUNT_TRANSFER = new SpecDescriptor(
      "com.acme.AccountTransfer", "transfer", "account-pair", 1, "transfer:account-pair:v1:{accounts}:{minute}",
      List.of(FieldDescriptor.of("accounts", "java.util.Set<java.lang.Long>").withUnordered(),
          FieldDescriptor.of("minute", "java.time.Instant").withWindow(Duration.ofMinutes(1))));

  /** Two templates of one shape: a text {@code item:abc:hold} fits both, a number only the first. */
  static final SpecDescriptor ITEM_HOLD = new SpecDescriptor(
      "com.acme.ItemHold", "item", "hold", 1, "item:{sku}:hold",
      List.of(FieldDescriptor.of("sku", "java.lang.String")));
  static final SpecDescriptor ITEM_HOLD_BY_ID = new SpecDescriptor(
      "com.acme.ItemHoldById", "item", "hold-by-id", 1, "item:{id}:hold",
      List.of(FieldDescriptor.of("id", "long")));

  static final List<SpecDescriptor> ALL = List.of(
      PAYMENT_CAPTURE, ORDER_STATE, PHONE_VERIFICATION, DOCUMENT_SUMMARY, ACCOUNT_TRANSFER, ITEM_HOLD, ITEM_HOLD_BY_ID);

  private TestSpecs() {}

  /** What {@code PaymentCaptureKey.of(tenant, orderId).canonical()} returns. */
  static String paymentCapture(String tenant, long orderId) {
    KeyFormat format = KeyFormat.of(PAYMENT_CAPTURE);
    FieldFormat tenantFormat = format.field("tenant");
    FieldFormat orderIdFormat = format.field("orderId");
    return format.render(tenantFormat.segment(tenantFormat.text(tenant)), orderIdFormat.segment(orderIdFormat.text(orderId)));
  }

  /** What {@code OrderStateKey.of(name, code).canonical()} returns. */
  static String orderState(String name, String code) {
    KeyFormat format = KeyFormat.of(ORDER_STATE);
    FieldFormat nameFormat = format.field("name");
    FieldFormat codeFormat = format.field("code");
    return format.render(nameFormat.segment(nameFormat.text(name)), codeFormat.segment(codeFormat.text(code)));
  }
}
