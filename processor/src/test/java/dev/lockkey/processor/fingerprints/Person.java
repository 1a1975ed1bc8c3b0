package dev.lockkey.processor.fingerprints;

import dev.lockkey.Fingerprinted;

/** The key format's first canonical JSON vector: {@code {"age":20,"name":"Tom"}}. */
@Fingerprinted
public record Person(String name, int age) {}
