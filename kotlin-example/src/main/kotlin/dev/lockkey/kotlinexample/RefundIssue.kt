package dev.lockkey.kotlinexample

import dev.lockkey.CaseInsensitive
import dev.lockkey.LockKeySpec
import dev.lockkey.Secret

/**
 * One refund of one order: two refunds of it must not run at once. Declared in Kotlin; kapt hands
 * the processor getters (`getTenant()`), and the key still says `{tenant}`.
 */
@LockKeySpec(domain = "refund", action = "issue")
interface RefundIssue {
    val tenant: String
    val orderId: Long

    @get:CaseInsensitive
    val currency: String

    /** Field annotations go on the getter, which is what the processor reads. */
    @get:Secret
    val customerEmail: String
}
