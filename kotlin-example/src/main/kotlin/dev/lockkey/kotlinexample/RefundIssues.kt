package dev.lockkey.kotlinexample

import dev.lockkey.KeySecret

/**
 * The lock key of this refund. Kotlin code of the same module uses the key class that kapt
 * generated from the spec, so kotlinc must see the generated Java sources.
 */
fun RefundIssue.lockKey(secret: KeySecret): RefundIssueKey = RefundIssueKey.from(secret, this)
