#include "server/server_key_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace spear::server {

std::optional<LoadedKey> load_or_create_key_file(const std::string& path, std::string& error) {
  LoadedKey out;
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) {
      error = "cannot read the key file " + path;
      return std::nullopt;
    }
    std::string hex = text.str();
    while (!hex.empty() && (hex.back() == '\n' || hex.back() == '\r' || hex.back() == ' '))
      hex.pop_back();
    const auto key = net::key_from_hex(hex);
    if (!key) {
      error = "the key file " + path + " does not hold a key (64 hex digits)";
      return std::nullopt;
    }
    out.secret = *key;
    return out;
  }
  if (errno != ENOENT) {
    error = "cannot read the key file " + path + ": " + std::strerror(errno);
    return std::nullopt;
  }
  out.secret = net::KeyPair::generate().secret_key;
  out.created = true;
  // O_EXCL: never over a file that appeared meanwhile; 0600: the key is the server's alone.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0) {
    error = "cannot create the key file " + path + ": " + std::strerror(errno);
    return std::nullopt;
  }
  const std::string line = net::key_to_hex(out.secret) + "\n";
  const bool written = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
  const bool closed = ::close(fd) == 0;
  if (!written || !closed) {
    ::unlink(path.c_str());
    error = "cannot write the key file " + path;
    return std::nullopt;
  }
  return out;
}

}  // namespace spear::server
