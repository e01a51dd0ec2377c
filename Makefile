# replyshot — the two commands in the README are `make demo` and `make test`.
# Both install what they need first (Debian/Ubuntu: apt-get; macOS: Homebrew).

SWIFT ?= swift
APT_PACKAGES = tesseract-ocr tesseract-ocr-eng libtesseract-dev libleptonica-dev libpng-dev pkg-config
# Only the tests need these: the German, Spanish and Russian samples are read with their
# own language data (--lang auto), and Chromium opens the HTML report as a person would.
TEST_LANGUAGE_APT_PACKAGES = tesseract-ocr-deu tesseract-ocr-spa tesseract-ocr-rus
TEST_APT_PACKAGES = chromium
# Debian's libtesseract uses OpenMP; one thread per engine is far faster when several
# engines run side by side (the replyshot binary sets this itself; the test runner cannot).
export OMP_THREAD_LIMIT ?= 1

.PHONY: man deps test-deps build release demo test eval bench samples fuzz variants sizes clean format lint

# $(call apt_install,PACKAGES,WHY[,IF IT FAILS]): installs the Debian packages not there yet.
define apt_install
	@if ! dpkg -s $(1) >/dev/null 2>&1; then \
	  SUDO=$$( [ "$$(id -u)" -eq 0 ] || echo sudo ); \
	  echo "Installing $(1)$(2)"; \
	  { $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $(1) >/dev/null; } $(3); \
	fi
endef

deps:
ifneq ($(shell command -v apt-get),)
	$(call apt_install,$(APT_PACKAGES),)
else ifneq ($(shell command -v brew),)
	@brew list tesseract >/dev/null 2>&1 || brew install tesseract pkg-config
else
	@echo "Install Tesseract 5 with its English data, Leptonica and pkg-config, then run make again." >&2; exit 1
endif

# On Linux the release binary carries the Swift runtime and Foundation inside it: it then
# needs nothing from the toolchain at run time, and only the pages it uses are loaded
# (about 6 MB less resident memory than the shared libraries; see make bench).
STATIC_RUNTIME = $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release $(STATIC_RUNTIME)

# Analyse a bundled sample conversation with the built-in offline reply generator.
demo: release
	.build/release/replyshot analyze samples/hinge-olivia --since all --app com.hinge.Hinge

test-deps: deps
ifneq ($(shell command -v apt-get),)
	$(call apt_install,$(TEST_LANGUAGE_APT_PACKAGES), for the samples in other languages)
	$(call apt_install,$(TEST_APT_PACKAGES), for the HTML report test,\
	  || echo "Could not install $(TEST_APT_PACKAGES); the HTML report test will say it skipped." >&2)
else ifneq ($(shell command -v brew),)
	@brew list tesseract-lang >/dev/null 2>&1 || brew install tesseract-lang
endif

# The tests are built optimised: most of their time is replyshot reading the real corpus
# (twice), which runs about four times faster so (the whole suite: 4 minutes instead of 18
# here), for two more minutes of building. Overflow checks stay on; only assert() goes.
test: test-deps lint
	$(SWIFT) test -Xswiftc -O

# swift-format ships with the Swift toolchain; .swift-format holds the style.
format:
	swift-format format --in-place --recursive Sources Tests Package.swift

lint:
	swift-format lint --strict --recursive Sources Tests Package.swift

# OCR/stitch quality over every sample, seed strategy against the default.
eval: release
	.build/release/replyshot eval samples --stitch seed
	.build/release/replyshot eval samples

# Regenerate samples/ (needs chromium, pngquant and fonts-inter; not needed to build or test).
samples:
	python3 samples/generator/make_samples.py

clean:
	rm -rf .build

# Speed and memory against the Tesseract CLI, side by side in one run.
bench: release
	python3 Tests/Benchmarks/bench.py

# A longer run of the property-based fuzz tests (CI runs 400 inputs per property).
fuzz: deps
	REPLYSHOT_FUZZ_RUNS=20000 $(SWIFT) test --filter "ParserFuzzProperties|HardeningFuzzProperties"

# Every real shot read again as cropped, scaled, turned, negated and narrowed variants, and as
# three overlapping shots; lists any run that traps or fails (needs ImageMagick).
variants: release
	Tests/Benchmarks/variants.sh

# The real corpus read again at 70% and 140% and after a resize there and back, scored beside
# the stored shots in one table (ImageMagick needed): how much the reader leans on one size.
sizes: release
	python3 Tests/Benchmarks/sizes.py

# The man page, generated from the commands' own help by swift-argument-parser's plugin;
# it lands in .build/plugins/GenerateManual/outputs/replyshot/.
man: deps
	$(SWIFT) package plugin generate-manual --multi-page
	@find .build/plugins/GenerateManual/outputs -name '*.1' | sort
