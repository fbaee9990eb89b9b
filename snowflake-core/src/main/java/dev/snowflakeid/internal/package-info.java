/*
 * Copyright 2026-present the original author or authors.
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *      https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
/**
 * Not part of the API, and no compatibility is promised for anything here: the core's shared rules, and
 * the hooks through which tests and the lease simulation replace time and scheduling. Public only so
 * that the core's packages share them; the architecture tests forbid this package to other modules' code.
 */
@NullMarked
package dev.snowflakeid.internal;

import org.jspecify.annotations.NullMarked;
