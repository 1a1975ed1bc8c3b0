-- Marks a key as seen unless it is marked already: SET NX PX, except that a mark holding the
-- caller's own token counts as set by this call. That mark was set by an earlier run of this very
-- call: a client that timed out sends the command again, and when the node was only slow both
-- copies run; the second must not report the first's mark as someone else's.
-- KEYS[1]: the mark; ARGV[1]: the caller's token (fresh for each call); ARGV[2]: its time to live in ms.
-- Returns 1 when the caller's mark is in place (set now or by the earlier run), 0 when another's is.
local holder = redis.call('GET', KEYS[1])
if not holder then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
end
if holder == ARGV[1] then
  return 1
end
return 0
