package dev.lockkey.processor;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/** Turns javac's types into {@link TypeRef}s, the one way both processors name a type in their models. */
final class TypeRefs {
  private final Elements elements;
  private final Types types;

  TypeRefs(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
  }

  /** The name of {@code type} as generated code names it, without type arguments. */
  TypeRef.Declared declared(TypeElement type) {
    List<String> simpleNames = new ArrayList<>();
    for (Element e = type; e instanceof TypeElement; e = e.getEnclosingElement()) {
      simpleNames.add(0, e.getSimpleName().toString());
    }
    return new TypeRef.Declared(elements.getPackageOf(type).getQualifiedName().toString(), simpleNames);
  }

  /** {@code type} as generated code writes it, with its type arguments; a type variable as its erasure. */
  TypeRef of(TypeMirror type) {
    return switch (type.getKind()) {
      case BOOLEAN, BYTE, SHORT, INT, LONG, CHAR, FLOAT, DOUBLE -> new TypeRef.Primitive(type.toString());
      case ARRAY -> new TypeRef.Array(of(((ArrayType) type).getComponentType()));
      case DECLARED -> {
        TypeRef.Declared raw = declared((TypeElement) types.asElement(type));
        yield new TypeRef.Declared(raw.packageName(), raw.simpleNames(),
            ((DeclaredType) type).getTypeArguments().stream().map(this::of).toList());
      }
      case WILDCARD -> {
        WildcardType wildcard = (WildcardType) type;
        TypeMirror lower = wildcard.getSuperBound();
        TypeMirror upper = wildcard.getExtendsBound();
        yield lower != null ? new TypeRef.Wildcard(of(lower), true)
            : new TypeRef.Wildcard(upper == null ? null : of(upper), false);
      }
      case TYPEVAR -> of(types.erasure(type));
      default -> throw new IllegalStateException("unexpected type " + type + " (" + type.getKind() + ")");
    };
  }
}
