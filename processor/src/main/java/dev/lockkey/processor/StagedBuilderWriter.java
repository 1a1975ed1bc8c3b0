package dev.lockkey.processor;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.NameAllocator;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * Writes a key class's staged builder (record-builder's staged mode): one interface per required
 * field, in declaration order, each setting its field and returning the next; then
 * {@code BuildStage} with setters for the optional fields and {@code build()}. So {@code build()}
 * is reachable only once every required field is set, and forgetting one fails to compile at the
 * call site. One private class implements every stage and delegates to {@code of(...)}.
 */
final class StagedBuilderWriter {
  private final ClassName key;
  private final ClassName spec;
  private final List<FieldCode> fields;
  private final String secret;
  private final ClassName buildStage;
  private final ClassName builder;
  private final List<ClassName> stages = new ArrayList<>();
  private final List<FieldCode> required;

  /**
   * @param secret the name of the {@code KeySecret} parameter, or {@code null} when no field is {@code @Secret}
   * @param names allocates the nested types' names, clear of every other name in the key class
   */
  StagedBuilderWriter(ClassName key, ClassName spec, List<FieldCode> fields, String secret, NameAllocator names) {
    this.key = key;
    this.spec = spec;
    this.fields = fields;
    this.secret = secret;
    this.buildStage = key.nestedClass(names.newName("BuildStage"));
    this.builder = key.nestedClass(names.newName("Builder"));
    this.required = fields.stream().filter(field -> !field.field().optional()).toList();
    for (FieldCode field : required) {
      stages.add(key.nestedClass(names.newName(capitalise(field.name()) + "Stage")));
    }
  }

  /** {@code builder()}, or {@code builder(KeySecret)} when a field is {@code @Secret}. */
  MethodSpec builderMethod() {
    MethodSpec.Builder method = MethodSpec.methodBuilder("builder")
        .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
        .returns(firstStage())
        .addJavadoc("A staged builder: set the required fields in declaration order, then any optional\n")
        .addJavadoc("fields, then call {@code build()}, which is reachable only once every required field is\n")
        .addJavadoc("set. Use a builder once, from one thread.\n");
    if (secret != null) {
      method.addParameter(GeneratedTypes.KEY_SECRET, secret)
          .addJavadoc("\n@param $N the secret that {@code @Secret} fields are digested with\n", secret)
          .addStatement("return new $T($N)", builder, secret);
    } else {
      method.addStatement("return new $T()", builder);
    }
    return method.build();
  }

  /** The stage interfaces, then the class implementing them. */
  List<TypeSpec> types() {
    List<TypeSpec> types = new ArrayList<>();
    for (int i = 0; i < required.size(); i++) {
      FieldCode field = required.get(i);
      types.add(TypeSpec.interfaceBuilder(stages.get(i))
          .addModifiers(Modifier.PUBLIC)
          .addJavadoc("The builder's stage that sets {@code $L}.\n", field.name())
          .addMethod(setter(field, next(i)).addModifiers(Modifier.ABSTRACT).build())
          .build());
    }
    TypeSpec.Builder last = TypeSpec.interfaceBuilder(buildStage)
        .addModifiers(Modifier.PUBLIC)
        .addJavadoc(required.size() < fields.size()
            ? "The builder's last stage: optional fields, then {@link #build()}.\n"
            : "The builder's last stage: {@link #build()}.\n");
    for (FieldCode field : fields) {
      if (field.field().optional()) {
        last.addMethod(setter(field, buildStage).addModifiers(Modifier.ABSTRACT).build());
      }
    }
    last.addMethod(MethodSpec.methodBuilder("build")
        .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
        .returns(key)
        .addJavadoc("The key of the values set, as {@link $T#of} makes it.\n\n", key)
        .addJavadoc("@throws $T when a value cannot be part of a key\n", GeneratedTypes.INVALID_KEY_EXCEPTION)
        .build());
    types.add(last.build());
    types.add(implementation());
    return types;
  }

  private TypeSpec implementation() {
    TypeSpec.Builder type = TypeSpec.classBuilder(builder)
        .addModifiers(Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
        .addSuperinterfaces(stages)
        .addSuperinterface(buildStage);
    if (secret != null) {
      type.addField(GeneratedTypes.KEY_SECRET, secret, Modifier.PRIVATE, Modifier.FINAL)
          .addMethod(MethodSpec.constructorBuilder()
              .addModifiers(Modifier.PRIVATE)
              .addParameter(GeneratedTypes.KEY_SECRET, secret)
              .addStatement("this.$N = $N", secret, secret)
              .build());
    }
    for (FieldCode field : fields) {
      FieldSpec.Builder state = FieldSpec.builder(field.declaredType(), field.variable(), Modifier.PRIVATE);
      if (field.field().optional()) {
        state.initializer("$T.empty()", GeneratedTypes.OPTIONAL);
      }
      type.addField(state.build());
    }
    for (int i = 0; i < required.size(); i++) {
      type.addMethod(implementedSetter(required.get(i), next(i)));
    }
    for (FieldCode field : fields) {
      if (field.field().optional()) {
        type.addMethod(implementedSetter(field, buildStage));
      }
    }
    List<CodeBlock> arguments = new ArrayList<>();
    if (secret != null) {
      arguments.add(CodeBlock.of("$N", secret));
    }
    fields.forEach(field -> arguments.add(CodeBlock.of("$N", field.variable())));
    return type.addMethod(MethodSpec.methodBuilder("build")
            .addAnnotation(Override.class)
            .addModifiers(Modifier.PUBLIC)
            .returns(key)
            .addStatement("return of($L)", CodeBlock.join(arguments, ",$W"))
            .build())
        .build();
  }

  private MethodSpec.Builder setter(FieldCode field, TypeName next) {
    MethodSpec.Builder setter = MethodSpec.methodBuilder(field.name())
        .addModifiers(Modifier.PUBLIC)
        .addParameter(field.setterType(), field.variable())
        .returns(next);
    return field.field().optional()
        ? setter.addJavadoc("Sets {@link $T#$L()}; it stays absent when not set or set to\n{@code null}.\n",
            spec, field.accessor())
        : setter.addJavadoc("Sets {@link $T#$L()}.\n", spec, field.accessor());
  }

  private MethodSpec implementedSetter(FieldCode field, TypeName next) {
    MethodSpec.Builder setter = MethodSpec.methodBuilder(field.name())
        .addAnnotation(Override.class)
        .addModifiers(Modifier.PUBLIC)
        .addParameter(field.setterType(), field.variable())
        .returns(next);
    if (field.field().optional()) {
      setter.addStatement("this.$N = $T.ofNullable($N)", field.variable(), GeneratedTypes.OPTIONAL, field.variable());
    } else {
      setter.addStatement("this.$N = $N", field.variable(), field.variable());
    }
    return setter.addStatement("return this").build();
  }

  private ClassName firstStage() {
    return stages.isEmpty() ? buildStage : stages.get(0);
  }

  private ClassName next(int requiredIndex) {
    return requiredIndex + 1 < stages.size() ? stages.get(requiredIndex + 1) : buildStage;
  }

  private static String capitalise(String name) {
    return Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }
}
