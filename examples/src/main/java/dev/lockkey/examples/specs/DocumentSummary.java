package dev.lockkey.examples.specs;

import dev.lockkey.Hashed;
import dev.lockkey.LockKeySpec;

/**
 * An AI summary of a document: identical requests (same tenant, document, prompt version and
 * content) are computed once and share the result. The content is hashed: it is long, and its
 * text does not belong in Redis.
 */
@LockKeySpec(domain = "document", action = "summary")
public interface DocumentSummary {
  String tenant();

  String documentId();

  int promptVersion();

  @Hashed
  String content();
}
