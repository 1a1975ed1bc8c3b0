package dev.lockkey.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.InvalidKeyException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code List}, {@code Set} and {@code Collection} fields: escaped elements joined with {@code ,}. */
class CollectionSegmentTest {
  private static final FieldDescriptor NAMES = FieldDescriptor.of("names", "java.util.List<java.lang.String>");

  private final FieldFormat ordered = Specs.field(NAMES);
  private final FieldFormat unordered = Specs.field(NAMES.withUnordered());

  @Test
  void orderedElementsKeepTheirOrder() {
    assertThat(ordered.collectionSegment(List.of("b", " a "), ordered::text)).isEqualTo("b,a");
  }

  @Test
  void unorderedElementsAreSortedByTheirEscapedText() {
    // escaped ":" is "%3A", which sorts before "A" ('%' < 'A') though ':' sorts after it
    assertThat(unordered.collectionSegment(List.of("b", "A", ":"), unordered::text)).isEqualTo("%3A,A,b");
    assertThat(unordered.collectionSegment(Set.of("9008", "1001"), unordered::text))
        .isEqualTo(unordered.collectionSegment(List.of("1001", "9008"), unordered::text));
  }

  @Test
  void anUnorderedListIsASortedMultisetThatKeepsDuplicates() {
    FieldFormat caseInsensitive = Specs.field(NAMES.withUnordered().withCaseInsensitive());

    assertThat(caseInsensitive.collectionSegment(List.of("acc-2", "ACC-1", "acc-1"), caseInsensitive::text))
        .isEqualTo("acc-1,acc-1,acc-2");
  }

  @Test
  void aSetDropsTheDuplicatesThatCanonicalisationMadeEqual() {
    FieldFormat accounts = Specs.field(
        FieldDescriptor.of("accounts", "java.util.Set<java.lang.String>").withUnordered().withCaseInsensitive());

    assertThat(accounts.setSegment(Set.of("ACC-1", "acc-1", "acc-2"), accounts::text)).isEqualTo("acc-1,acc-2");
    assertThat(accounts.setSegment(Set.of(" acc-1", "acc-1\u00A0"), accounts::text)).isEqualTo("acc-1");
  }

  @Test
  void aSetIsInvalidLikeACollectionWhenEmptyOrHoldingNull() {
    FieldFormat accounts = Specs.field(FieldDescriptor.of("accounts", "java.util.Set<java.lang.String>").withUnordered());

    assertThatThrownBy(() -> accounts.setSegment(Set.<String>of(), accounts::text))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.rule()).isEqualTo("empty"));
    assertThatThrownBy(() -> accounts.setSegment(new HashSet<>(Arrays.asList("a", null)), accounts::text))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.rule()).isEqualTo("null-element"));
  }

  @Test
  void aSetMustBeUnordered() {
    FieldFormat accounts = Specs.field(FieldDescriptor.of("accounts", "java.util.Set<java.lang.String>"));

    assertThatThrownBy(() -> accounts.setSegment(Set.of("a"), accounts::text))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("is a Set without @Unordered");
  }

  @Test
  void commasInsideElementsAreEscaped() {
    assertThat(ordered.collectionSegment(List.of("a,b", "c"), ordered::text)).isEqualTo("a%2Cb,c");
  }

  @Test
  void duplicatesStay() {
    assertThat(ordered.collectionSegment(List.of("a", "a"), ordered::text)).isEqualTo("a,a");
  }

  @Test
  void elementsOfOtherTypesUseTheirText() {
    FieldFormat ids = Specs.field(FieldDescriptor.of("ids", "java.util.List<java.lang.Long>").withUnordered());

    assertThat(ids.collectionSegment(List.<Long>of(10L, 9L, -1L), ids::text)).isEqualTo("-1,10,9");
  }

  @Test
  void nullIsInvalid() {
    assertThatThrownBy(() -> ordered.collectionSegment((List<String>) null, ordered::text))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.rule()).isEqualTo("null"));
  }

  @Test
  void emptyIsInvalid() {
    assertThatThrownBy(() -> ordered.collectionSegment(List.<String>of(), ordered::text))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.rule()).isEqualTo("empty"));
  }

  @Test
  void aNullElementIsInvalidWithItsPosition() {
    assertThatThrownBy(() -> ordered.collectionSegment(Arrays.asList("a", null), ordered::text))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> {
          assertThat(e.rule()).isEqualTo("null-element");
          assertThat(e).hasMessageContaining("position 1");
        });
  }

  @Test
  void elementsKeepTheRulesOfTheirType() {
    assertThatThrownBy(() -> ordered.collectionSegment(List.of("a", " "), ordered::text))
        .isInstanceOfSatisfying(InvalidKeyException.class, e -> assertThat(e.rule()).isEqualTo("blank"));
  }

  @Test
  void digestCollectionsAreAProgrammingError() {
    FieldFormat hashed = Specs.field(NAMES.withHashed());

    assertThatThrownBy(() -> hashed.collectionSegment(List.of("a"), hashed::text)).isInstanceOf(IllegalStateException.class);
  }
}
