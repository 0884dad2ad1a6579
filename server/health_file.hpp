#pragma once
// The server's heartbeat on disk, and the probe that reads it (spear-server --health-probe).
//
// A container's HEALTHCHECK runs a separate process that does not see the server's flags, so
// it cannot know which port the metrics listener uses. The running server writes a small JSON
// file instead (--health-file, SPEAR_HEALTH_FILE), replaced atomically about once a second
// with where its listeners are; the probe checks that the file is fresh and then asks the
// server's own /healthz. Whatever flags or variables configured the server, the probe follows.
#include <cstdint>
#include <optional>
#include <string>

namespace spear::server {

struct HealthRecord {
  long pid = 0;
  std::uint16_t port = 0;                     // UDP game port
  std::optional<std::uint16_t> metrics_port;  // none: metrics are off
  std::string metrics_bind;                   // the metrics listener's address
  std::uint64_t tick = 0;                     // the match's tick when written
};

// Writes `record` to `path` through a temporary file and a rename (a reader never sees half a
// file). False with *error when the directory is not writable.
bool write_health_file(const std::string& path, const HealthRecord& record, std::string* error);

// Parses a heartbeat file's text; nullopt when it is not one.
std::optional<HealthRecord> parse_health_record(const std::string& text);

struct HealthVerdict {
  bool healthy = false;
  std::string reason;  // one line for people: what is wrong, or what was checked
};

// The probe: the file exists, is at most max_age_seconds old, names a live process, and (when
// metrics are on) GET /healthz on the metrics listener answers 200 within timeout_seconds.
HealthVerdict probe_health(const std::string& path, double max_age_seconds, double timeout_seconds);

}  // namespace spear::server
