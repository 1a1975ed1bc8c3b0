package dev.lockkey.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.InvalidKeyException;
import dev.lockkey.SpecDescriptor;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Every rejection names spec, field and rule, and never shows the value. */
class InvalidKeyMessagesTest {
  private static final String SECRET_VALUE = "PHONE-13800138000";
  private static final KeyFormat FORMAT = KeyFormat.of(new SpecDescriptor("com.acme.SmsSend", "sms", "send", 1,
      "sms:send:v1:{phone}:{note}",
      List.of(FieldDescriptor.of("phone", "java.lang.String").withSecret().withMaxLength(12),
          FieldDescriptor.of("note", "java.lang.String").withMaxLength(8))));
  private static final FieldFormat PHONE = FORMAT.field("phone");
  private static final FieldFormat NOTE = FORMAT.field("note");

  private static InvalidKeyException rejection(Executable call) {
    return catchThrowableOfType(InvalidKeyException.class, call::execute);
  }

  @Test
  void aSecretValueNeverAppearsInAMessage() {
    InvalidKeyException[] rejections = {
      rejection(() -> PHONE.text(SECRET_VALUE)),
      rejection(() -> PHONE.text(SECRET_VALUE + "\uD800")),
      rejection(() -> PHONE.text("   ")),
      rejection(() -> PHONE.text((String) null)),
    };
    for (InvalidKeyException e : rejections) {
      assertThat(e.spec()).isEqualTo("SmsSend");
      assertThat(e.field()).isEqualTo("phone");
      assertThat(e).hasMessageStartingWith("SmsSend.phone [" + e.rule() + "]: ")
          .hasMessageNotContaining(SECRET_VALUE)
          .hasMessageNotContaining("13800138000");
    }
    assertThat(rejections).extracting(InvalidKeyException::rule)
        .containsExactly("max-length", "unpaired-surrogate", "blank", "null");
  }

  @Test
  void otherValuesAreNotEchoedEither() {
    String personal = "Jane Doe, Main St";

    InvalidKeyException tooManyCodePoints = rejection(() -> NOTE.text(personal));
    InvalidKeyException tooLong = rejection(() ->
        FORMAT.render(PHONE.segment(Specs.SECRET, PHONE.text("1380013")), NOTE.segment(personal.repeat(40))));

    assertThat(tooManyCodePoints).hasMessage("SmsSend.note [max-length]: has 17 code points, more than @MaxLength(8) allows");
    assertThat(tooLong.field()).isEqualTo("note");
    assertThat(tooLong).hasMessageStartingWith("SmsSend.note [too-long]: ").hasMessageNotContaining("Jane");
  }
}
