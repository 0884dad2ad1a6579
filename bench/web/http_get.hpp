#pragma once
// One plain HTTP/1.1 GET to a local gateway (its /stats.json), blocking, with a timeout.
#include <cstdint>
#include <optional>
#include <string>

namespace spear::bench {

// The body of a 200 answer; nullopt with *error otherwise.
std::optional<std::string> http_get(const std::string& host, std::uint16_t port,
                                    const std::string& path, std::string* error,
                                    double timeout_seconds = 3.0);

}  // namespace spear::bench
