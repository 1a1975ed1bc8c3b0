package dev.lockkey;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.format.KeyFormat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link SpecDescriptor} and {@link FieldDescriptor}: what generated code records about a spec. */
class DescriptorsTest {
  private static final FieldDescriptor TENANT = FieldDescriptor.of("tenant", "java.lang.String");
  private static final FieldDescriptor PHONE = FieldDescriptor.of("phone", "java.lang.String").withSecret();

  @Test
  void aSpecNamesItsFields() {
    SpecDescriptor spec = new SpecDescriptor("com.acme.SmsSend", "sms", "send", 2, "sms:send:v2:{tenant}:{phone}",
        List.of(TENANT, PHONE));

    assertThat(spec.simpleName()).isEqualTo("SmsSend");
    assertThat(spec.fieldNames()).containsExactly("tenant", "phone");
    assertThat(spec.field("phone")).isEqualTo(PHONE);
    assertThatThrownBy(() -> spec.field("nope")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nope");
  }

  @Test
  void aSpecInTheDefaultPackageIsItsOwnSimpleName() {
    assertThat(new SpecDescriptor("Top", "t", "t", 1, "t:t:v1:{tenant}", List.of(TENANT)).simpleName()).isEqualTo("Top");
  }

  @Test
  void aSpecCopiesItsFieldsAndNeedsAVersion() {
    List<FieldDescriptor> fields = new ArrayList<>(List.of(TENANT));
    SpecDescriptor spec = new SpecDescriptor("com.acme.A", "a", "b", 1, "a:b:v1:{tenant}", fields);
    fields.add(PHONE);

    assertThat(spec.fields()).containsExactly(TENANT);
    assertThatThrownBy(() -> new SpecDescriptor("com.acme.A", "a", "b", 0, "a:b:v0:{tenant}", List.of(TENANT)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("version must be at least 1");
  }

  @Test
  void aSpecRecordsItsFormatEditionWhichIsTheCurrentOneUnlessGiven() {
    assertThat(new SpecDescriptor("com.acme.A", "a", "b", 1, "a:b:v1:{tenant}", List.of(TENANT)).formatEdition())
        .isEqualTo(KeyFormat.EDITION);
    assertThat(new SpecDescriptor("com.acme.A", "a", "b", 1, "a:b:v1:{tenant}", List.of(TENANT), 0).formatEdition())
        .isZero();
    assertThatThrownBy(() -> new SpecDescriptor("com.acme.A", "a", "b", 1, "a:b:v1:{tenant}", List.of(TENANT), -1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("format edition must not be negative");
  }

  @Test
  void modifiersAreListedAsInSource() {
    FieldDescriptor all = FieldDescriptor.of("x", "java.lang.String").withHashed().withUnordered().withCaseInsensitive()
        .withVerbatim().withMaxLength(64).withWindow(Duration.ofMinutes(5));

    assertThat(all.modifiers())
        .containsExactly("@Hashed", "@Unordered", "@CaseInsensitive", "@Verbatim", "@MaxLength(64)", "@Window(PT5M)");
    assertThat(all.digest()).isTrue();
    assertThat(PHONE.modifiers()).containsExactly("@Secret");
    assertThat(PHONE.digest()).isTrue();
    assertThat(TENANT.modifiers()).isEmpty();
    assertThat(TENANT.digest()).isFalse();
  }

  @Test
  void badModifierValuesAreRejected() {
    assertThatThrownBy(() -> TENANT.withMaxLength(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> TENANT.withWindow(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> TENANT.withWindow(Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class);
  }
}
