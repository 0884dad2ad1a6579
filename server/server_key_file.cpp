#include "server/server_key_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace spear::server {

std::optional<LoadedKey> load_or_create_key_file(const std::string& path, std::string& error) {
  LoadedKey out;
  // O_NOFOLLOW: the file itself, not where a link points; O_NONBLOCK: a FIFO does not hold the
  // start (it is refused below).
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd >= 0) {
    struct stat st {};
    std::string why;
    if (::fstat(fd, &st) != 0) {
      why = std::strerror(errno);
    } else if (!S_ISREG(st.st_mode)) {
      why = "not a regular file";
    } else if (static_cast<std::size_t>(st.st_size) > kMaxKeyFileBytes) {
      why = "larger than a key file (" + std::to_string(st.st_size) + " bytes)";
    }
    std::string text;
    if (why.empty()) {
      char buffer[kMaxKeyFileBytes + 1];
      ssize_t n = 0;
      while ((n = ::read(fd, buffer, sizeof buffer)) > 0 && text.size() <= kMaxKeyFileBytes)
        text.append(buffer, static_cast<std::size_t>(n));
      if (n < 0) why = std::strerror(errno);
      if (text.size() > kMaxKeyFileBytes) why = "larger than a key file";
    }
    ::close(fd);
    if (!why.empty()) {
      error = "cannot read the key file " + path + ": " + why;
      return std::nullopt;
    }
    if ((st.st_mode & 077) != 0) {
      out.warnings.push_back("the key file " + path + " may be read or written by others (mode 0" +
                             std::to_string((st.st_mode >> 6) & 7) +
                             std::to_string((st.st_mode >> 3) & 7) +
                             std::to_string(st.st_mode & 7) + "; chmod 600 it)");
    }
    if (st.st_uid != ::geteuid()) {
      out.warnings.push_back("the key file " + path + " belongs to another user (uid " +
                             std::to_string(st.st_uid) + ")");
    }
    std::string hex = text;
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
  if (errno == ELOOP) {
    error = "cannot read the key file " + path + ": it is a symbolic link (give the file itself)";
    return std::nullopt;
  }
  if (errno != ENOENT) {
    error = "cannot read the key file " + path + ": " + std::strerror(errno);
    return std::nullopt;
  }
  out.secret = net::KeyPair::generate().secret_key;
  out.created = true;
  // O_EXCL: never over a file that appeared meanwhile; 0600: the key is the server's alone.
  const int created = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (created < 0) {
    error = "cannot create the key file " + path + ": " + std::strerror(errno);
    return std::nullopt;
  }
  const std::string line = net::key_to_hex(out.secret) + "\n";
  const bool written =
      ::write(created, line.data(), line.size()) == static_cast<ssize_t>(line.size());
  const bool closed = ::close(created) == 0;
  if (!written || !closed) {
    ::unlink(path.c_str());
    error = "cannot write the key file " + path;
    return std::nullopt;
  }
  return out;
}

}  // namespace spear::server
