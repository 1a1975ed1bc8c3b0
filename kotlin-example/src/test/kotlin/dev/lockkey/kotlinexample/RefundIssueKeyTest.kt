package dev.lockkey.kotlinexample

import dev.lockkey.KeySecret
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** The key of a Kotlin spec, built and rendered from Kotlin. */
class RefundIssueKeyTest {
    private val secret = KeySecret.of("0123456789abcdef0123456789abcdef".toByteArray())

    /** A Kotlin class of the application that carries the refund's identity. */
    private data class Refund(
        override val tenant: String,
        override val orderId: Long,
        override val currency: String,
        override val customerEmail: String,
    ) : RefundIssue

    @Test
    fun fieldsAreNamedAfterTheProperties() {
        val key = RefundIssueKey.builder(secret)
            .tenant("t42")
            .orderId(98765)
            .currency("EUR")
            .customerEmail("ada@example.com")
            .build()

        assertEquals(
            "refund:issue:v1:{tenant}:{orderId}:{currency}:{customerEmail}",
            RefundIssueKey.SPEC.layout(),
        )
        // the key keeps only the e-mail address's digest: 32 hex digits
        assertTrue(Regex("refund:issue:v1:t42:98765:eur:[0-9a-f]{32}").matches(key.canonical()), key.canonical())
    }

    @Test
    fun aDataClassGivesItsKey() {
        val refund = Refund("t42", 98765, "EUR", "ada@example.com")

        assertEquals(RefundIssueKey.of(secret, "t42", 98765, "EUR", "ada@example.com"), refund.lockKey(secret))
    }
}
