// Replays every file of a fuzz corpus through the fuzz target, for builds
// without libFuzzer. Exit 0 when all ran; a crash fails the test.
#include <dirent.h>
#include <stdio.h>

#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, size_t size);

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s CORPUS_DIR\n", argv[0]);
    return 2;
  }
  DIR* dir = opendir(argv[1]);
  if (!dir) {
    fprintf(stderr, "cannot open corpus %s\n", argv[1]);
    return 2;
  }
  int count = 0;
  while (dirent* entry = readdir(dir)) {
    if (entry->d_name[0] == '.') continue;
    std::string path = std::string(argv[1]) + "/" + entry->d_name;
    FILE* f = fopen(path.c_str(), "rb");
    if (!f) continue;
    std::vector<unsigned char> data;
    unsigned char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) data.insert(data.end(), buf, buf + n);
    fclose(f);
    LLVMFuzzerTestOneInput(data.data(), data.size());
    ++count;
  }
  closedir(dir);
  printf("replayed %d corpus inputs\n", count);
  return count > 0 ? 0 : 1;
}
