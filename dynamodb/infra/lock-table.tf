# The LockKey lock table: one item per lock key, TTL on expires_at.
# Attribute names are those of dev.lockkey.dynamodb.DynamoLockTable.
resource "aws_dynamodb_table" "lockkey_locks" {
  name         = "lockkey-locks"
  billing_mode = "PAY_PER_REQUEST"
  hash_key     = "pk"

  attribute {
    name = "pk"
    type = "S"
  }

  ttl {
    attribute_name = "expires_at"
    enabled        = true
  }
}
