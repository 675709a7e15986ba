-- wrk script for bench/server-load.mjs: POST one chat turn per request, each group of 10
-- turns from its own client address (X-Forwarded-For; the server trusts it in the bench
-- config), so the spec's 15-per-minute baseline per address is never reached.
local bot = os.getenv("BENCH_BOT")
local question = os.getenv("BENCH_QUESTION")
-- Each wrk run starts at its own offset, so a warm-up run never spends a later run's addresses.
local counter = tonumber(os.getenv("BENCH_OFFSET") or "0")

wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Origin"] = "http://localhost"
wrk.body = string.format('{"bot_id":"%s","message":"%s","session_id":"bench-session"}', bot, question)

function request()
  local n = math.floor(counter / 10)
  counter = counter + 1
  wrk.headers["X-Forwarded-For"] = string.format("127.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  return wrk.format()
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p90":%d,"p99":%d,"mean":%.1f,"max":%d}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.mean, latency.max))
end
