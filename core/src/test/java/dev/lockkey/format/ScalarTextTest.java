package dev.lockkey.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.InvalidKeyException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The canonical text of every scalar type except {@code String} and {@code Instant}. */
class ScalarTextTest {
  private enum Tier { GOLD, silver }

  private final FieldFormat field = Specs.field(FieldDescriptor.of("value", "java.lang.Object"));

  @Test
  void integralPrimitivesAreDecimal() {
    assertThat(field.text(0L)).isEqualTo("0");
    assertThat(field.text(-7L)).isEqualTo("-7");
    assertThat(field.text(Long.MIN_VALUE)).isEqualTo("-9223372036854775808");
    assertThat(field.text((byte) -128)).isEqualTo("-128");
  }

  @Test
  void integralBoxesAreDecimal() {
    assertThat(field.text(Byte.valueOf((byte) 7))).isEqualTo("7");
    assertThat(field.text(Short.valueOf((short) -300))).isEqualTo("-300");
    assertThat(field.text(Integer.valueOf(42))).isEqualTo("42");
    assertThat(field.text(Long.valueOf(Long.MAX_VALUE))).isEqualTo("9223372036854775807");
  }

  @Test
  void otherNumbersAreAProgrammingError() {
    assertThatThrownBy(() -> field.text((Number) 1.5d))
        .isExactlyInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("java.lang.Double");
  }

  @Test
  void booleansAreTrueOrFalse() {
    assertThat(field.text(true)).isEqualTo("true");
    assertThat(field.text(Boolean.FALSE)).isEqualTo("false");
  }

  @Test
  void uuidsAreLowercase() {
    UUID id = UUID.fromString("123E4567-E89B-12D3-A456-426614174000");

    assertThat(field.text(id)).isEqualTo("123e4567-e89b-12d3-a456-426614174000");
  }

  @Test
  void enumsAreTheirName() {
    assertThat(field.text(Tier.GOLD)).isEqualTo("GOLD");
    assertThat(field.text(Tier.silver)).isEqualTo("silver");
  }

  @Test
  void bigDecimalsArePlainWithoutTrailingZeros() {
    assertThat(field.text(new BigDecimal("-1.50"))).isEqualTo("-1.5");
    assertThat(field.text(new BigDecimal("1E-3"))).isEqualTo("0.001");
    assertThat(field.text(new BigDecimal("12.345E+1"))).isEqualTo("123.45");
  }

  @Test
  void theCanonicalBigDecimalMakesEqualAmountsEqual() {
    assertThat(field.decimal(new BigDecimal("100.00"))).isEqualTo(field.decimal(new BigDecimal("1E+2")));
  }

  @Test
  void aBigDecimalTooLongForAKeyIsRejectedBeforeItsTextIsBuilt() {
    assertThatThrownBy(() -> field.text(new BigDecimal("1E+999999999")))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> {
          assertThat(e.rule()).isEqualTo("too-long");
          assertThat(e).hasMessageContaining("1000000000 characters");
        });
    assertThatThrownBy(() -> field.text(new BigDecimal("1E-600")))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.rule()).isEqualTo("too-long"));
  }

  @Test
  void datesAreIso() {
    assertThat(field.text(LocalDate.of(2026, 4, 13))).isEqualTo("2026-04-13");
    assertThat(field.text(YearMonth.of(2026, 4))).isEqualTo("2026-04");
  }

  @Test
  void nullIsInvalidForEveryBoxedType() {
    Runnable[] calls = {
      () -> field.text((Number) null), () -> field.text((Boolean) null), () -> field.text((UUID) null),
      () -> field.text((Enum<?>) null), () -> field.text((BigDecimal) null), () -> field.decimal(null),
      () -> field.text((LocalDate) null), () -> field.text((YearMonth) null),
    };
    for (Runnable call : calls) {
      assertThatThrownBy(call::run)
          .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.rule()).isEqualTo("null"));
    }
  }
}
