package dev.lockkey.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static dev.lockkey.processor.Compilations.compile;
import static dev.lockkey.processor.Compilations.source;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A spec declared in Kotlin reaches the processor through kapt as a Java stub annotated
 * {@code @kotlin.Metadata}, its properties as getters: {@code val tenant: String} is
 * {@code getTenant()}. Its fields are named after the properties. The stubs are written here by
 * hand, with a stand-in for {@code kotlin.Metadata}; the {@code kotlin-example} module runs the
 * real kapt.
 */
class KotlinSpecTest {
  /** The processor knows the annotation by name only, so a stand-in of that name is enough. */
  private static final JavaFileObject METADATA =
      JavaFileObjects.forSourceLines("kotlin.Metadata", "package kotlin;", "public @interface Metadata {}");

  private static final JavaFileObject KOTLIN_SPEC = source("Refund", """
      @kotlin.Metadata
      @LockKeySpec(domain = "refund", action = "issue")
      public interface Refund {
        String getTenant();
        long getOrderId();
        boolean isPartial();
        String getURLPath();
        String issuer();
      }
      """);

  @Test
  void propertiesNameTheFields() {
    JavaFileObject user = source("User", """
        class User {
          static RefundKey key() {
            return RefundKey.builder().tenant("t42").orderId(98765).partial(true).urlPath("p").issuer("i").build();
          }

          static String tenant(RefundKey key) {
            return key.getTenant(); // the key still implements the getters of the spec
          }
        }
        """);

    Compilation compilation = compile(METADATA, KOTLIN_SPEC, user);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.RefundKey").contentsAsUtf8String()
        .contains("\"refund:issue:v1:{tenant}:{orderId}:{partial}:{urlPath}:{issuer}\"");
    assertThat(compilation).generatedSourceFile("test.RefundKey").contentsAsUtf8String()
        .contains("FieldDescriptor.of(\"tenant\", \"java.lang.String\")");
  }

  @Test
  void templatesNameTheProperties() {
    JavaFileObject spec = source("Refund", """
        @kotlin.Metadata
        @LockKeySpec(domain = "refund", action = "issue", template = "refund:{tenant}:{orderId}:{version}")
        public interface Refund {
          String getTenant();
          long getOrderId();
        }
        """);

    assertThat(compile(METADATA, spec)).succeededWithoutWarnings();
  }

  @Test
  void javaSpecsKeepTheirAccessorNames() {
    JavaFileObject spec = source("Refund", """
        @LockKeySpec(domain = "refund", action = "issue")
        public interface Refund {
          String getTenant();
        }
        """);

    Compilation compilation = compile(spec);

    assertThat(compilation).succeededWithoutWarnings();
    assertThat(compilation).generatedSourceFile("test.RefundKey").contentsAsUtf8String()
        .contains("\"refund:issue:v1:{getTenant}\"");
  }

  @ParameterizedTest
  @CsvSource({
      "getTenant, tenant", "isPartial, partial", "getURLPath, urlPath", "getURL, url", "getX, x",
      "issuer, issuer", "get, get", "is, is", "getter, getter", "island, island"})
  void kotlinGettersGiveTheirProperty(String accessor, String field) {
    assertEquals(field, PropertyNames.fieldName(accessor, true));
  }
}
