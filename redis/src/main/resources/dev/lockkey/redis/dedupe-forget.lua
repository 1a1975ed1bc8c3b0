-- Deletes a dedupe mark only if it is still the caller's (a later mark, set after this one
-- expired, belongs to someone else and stays).
-- KEYS[1]: the mark; ARGV[1]: the caller's token.
-- Returns 1 when the caller's mark was deleted, 0 when it was gone or someone else's.
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
