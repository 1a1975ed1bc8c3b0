package dev.lockkey.observe;

import dev.lockkey.FieldDescriptor;
import dev.lockkey.SpecDescriptor;
import java.time.Duration;
import java.util.List;

/** Manifests as lockkey-processor writes them (its golden manifests pin the format), and the specs they describe. */
final class SampleManifests {
  static final String RESERVATION = """
      # Layout manifest of com.acme.Reservation, written by lockkey-processor; do not edit.
      manifest=1
      formatEdition=1
      spec=com.acme.Reservation
      domain=inventory
      action=reserve
      version=2
      layout=inventory:reserve:v2:{at}:{customer}:{label}:{skus}
      fields=at,customer,label,skus
      field.at.type=java.time.Instant
      field.at.modifiers=@Window(PT5M)
      field.customer.type=java.util.Optional<java.lang.String>
      field.customer.modifiers=@Secret
      field.label.type=java.lang.String
      field.label.modifiers=@CaseInsensitive @Verbatim @MaxLength(8)
      field.skus.type=java.util.List<java.lang.Long>
      field.skus.modifiers=@Unordered
      """;
  static final SpecDescriptor RESERVATION_SPEC = new SpecDescriptor(
      "com.acme.Reservation", "inventory", "reserve", 2, "inventory:reserve:v2:{at}:{customer}:{label}:{skus}",
      List.of(FieldDescriptor.of("at", "java.time.Instant").withWindow(Duration.ofMinutes(5)),
          FieldDescriptor.of("customer", "java.util.Optional<java.lang.String>").withSecret(),
          FieldDescriptor.of("label", "java.lang.String").withCaseInsensitive().withVerbatim().withMaxLength(8),
          FieldDescriptor.of("skus", "java.util.List<java.lang.Long>").withUnordered()));
  static final String DOCUMENT = """
      manifest=1
      formatEdition=1
      spec=com.acme.Document
      domain=document
      action=summary
      version=1
      layout=document:summary:v1:{content}
      fields=content
      field.content.type=byte[]
      field.content.modifiers=@Hashed
      """;

  private SampleManifests() {}
}
