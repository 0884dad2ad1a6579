#pragma once
// The server's lasting secret key on disk (--key-file): 64 hex digits and a newline, readable
// by the server's user alone. A missing file is created with a fresh key; a file that holds
// anything else is an error, never overwritten. What is read must be a regular file itself (not
// a symbolic link, a device or a FIFO) of at most kMaxKeyFileBytes; one that others may read
// or write, or that another user owns, is used with a warning.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "net/session_crypto.hpp"

namespace spear::server {

struct LoadedKey {
  net::SecretKey secret{};
  bool created = false;               // the file did not exist and was written now
  std::vector<std::string> warnings;  // for the log: loose permissions, another owner
};

inline constexpr std::size_t kMaxKeyFileBytes = 4096;

// The key in `path`, or a new one written there. None, with `error` set, when the file cannot
// be read, holds no key, or cannot be created.
std::optional<LoadedKey> load_or_create_key_file(const std::string& path, std::string& error);

}  // namespace spear::server
