/**
 * The clubhouse screen's bundle (shell/src/aushang): React and the screen, nothing of the shell's
 * router, session or Module Federation, written to dist/aushang. The API serves its index.html at
 * /aushang/<secret> (services/api/src/routes/display.ts); a TV loads it once and keeps it for weeks.
 */
import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';

export function aushangConfig(root, shell) {
  return {
    name: 'aushang',
    mode: shell.mode,
    context: root,
    entry: { aushang: './src/aushang/index.tsx' },
    devtool: shell.devtool,
    output: {
      path: path.join(root, 'dist', 'aushang'),
      filename: '[name].[contenthash:8].js',
      publicPath: '/aushang/',
      uniqueName: 'platzbuchung_aushang',
      clean: true,
    },
    resolve: shell.resolve,
    module: shell.module,
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css' }),
      new HtmlWebpackPlugin({ template: './src/aushang/index.html', scriptLoading: 'defer' }),
    ],
    optimization: { minimizer: shell.optimization.minimizer, splitChunks: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}
