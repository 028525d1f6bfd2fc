import java.io.File;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.*;
import java.util.jar.JarFile;
import org.apache.flink.configuration.*;

/**
 * Judges `flinkconf migrate --from V1 --to 2.3` with Flink 2.3's own code: every ConfigOption that
 * Flink's jars declare must read the same typed value from the migrated config.yaml as from the
 * original file. The original is read as Flink 2.3 reads a config.yaml
 * (GlobalConfiguration.loadConfiguration), or, for a legacy flink-conf.yaml that 2.3 no longer
 * loads, as Flink's own migration reads it (ConfigurationFileMigrationUtils).
 *
 * Usage: MigrateJudge ORIGINAL_DIR MIGRATED_DIR JAR...  Exit 0 when every option agrees.
 */
public class MigrateJudge {
    public static void main(String[] a) throws Exception {
        String original = a[0], migrated = a[1];
        boolean legacy = new File(original, "flink-conf.yaml").isFile()
                && !new File(original, "config.yaml").isFile();
        Configuration reference = legacy
                ? ConfigurationFileMigrationUtils.migrateLegacyToStandardYamlConfig(original)
                : GlobalConfiguration.loadConfiguration(original);
        Configuration ours = GlobalConfiguration.loadConfiguration(migrated);
        List<ConfigOption<?>> options = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 2; i < a.length; i++) collect(a[i], options, seen);
        int agree = 0, differ = 0;
        for (ConfigOption<?> option : options) {
            String left = read(reference, option), right = read(ours, option);
            if (left.equals(right)) {
                agree++;
            } else {
                differ++;
                System.out.println("DIFFERS " + option.key() + ": original " + left + ", migrated " + right);
            }
        }
        System.out.println((legacy ? "legacy flink-conf.yaml (read by Flink's migration)" : "config.yaml")
                + ": " + options.size() + " options, " + agree + " agree, " + differ + " differ");
        System.exit(differ == 0 ? 0 : 1);
    }

    /** The typed value as text, or the error a read gives (secrets are never printed: a digest). */
    static String read(Configuration c, ConfigOption<?> option) {
        try {
            Object v = c.getOptional(option).orElse(null);
            String text = v == null ? "(unset)" : v.getClass().getSimpleName() + ":" + v;
            return GlobalConfiguration.isSensitive(option.key()) ? "#" + text.hashCode() : text;
        } catch (Exception e) {
            return "error " + e.getClass().getSimpleName();
        }
    }

    static void collect(String jar, List<ConfigOption<?>> out, Set<String> seen) throws Exception {
        try (JarFile file = new JarFile(jar)) {
            for (var entries = file.entries(); entries.hasMoreElements(); ) {
                String name = entries.nextElement().getName();
                if (!name.startsWith("org/apache/flink/") || !name.endsWith(".class") || name.contains("$")) continue;
                Class<?> cls;
                try {
                    cls = Class.forName(name.replace('/', '.').replace(".class", ""), false, MigrateJudge.class.getClassLoader());
                } catch (Throwable t) {
                    continue;
                }
                Field[] fields;
                try { fields = cls.getDeclaredFields(); } catch (Throwable t) { continue; }
                for (Field f : fields) {
                    if (!Modifier.isStatic(f.getModifiers()) || !ConfigOption.class.isAssignableFrom(f.getType())) continue;
                    try {
                        f.setAccessible(true);
                        ConfigOption<?> option = (ConfigOption<?>) f.get(null);
                        if (option != null && seen.add(option.key())) out.add(option);
                    } catch (Throwable t) {
                        // a class whose initializer fails: its options are not readable here either
                    }
                }
            }
        }
    }
}
